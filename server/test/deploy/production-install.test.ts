/**
 * The container image's runtime contract, without Docker (no engine here): the Dockerfile's runtime stage is
 * followed in a temporary directory (its COPY instructions, its `npm ci` of production dependencies), then its
 * exact CMD is started and its exact HEALTHCHECK run against it, up and with the database gone; SIGTERM stops
 * it with exit 0 and the port freed. No compiler is needed, and none is installed.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startMongoEmulator, type MongoEmulator } from 'bot-platform-mongo-emulator';
import { execForm, lastInstruction, readDockerfile, stageEnv, type Stage } from '../support/dockerfile';
import { freePort } from '../support/ports';
import { listeningUrl, refusesConnections, serverLog, stopProcess } from '../support/processes';
import { until } from '../support/wait';

const ROOT = path.resolve(__dirname, '../../..');
const run = promisify(execFile);

/** The build stage worked in /app, the repository's root: its outputs are this checkout's. */
const fromBuildStage = (source: string) => path.join(ROOT, path.relative('/app', source));

/** Follows the stage's COPY and `npm ci` instructions into `workdir`. */
async function installLikeTheImage(stage: Stage, workdir: string): Promise<void> {
	for (const { keyword, args } of stage.instructions) {
		if (keyword === 'COPY') {
			const parts = args.split(/\s+/);
			const fromBuild = parts[0] === '--from=build';
			const [destination, ...sources] = parts.filter((part) => !part.startsWith('--')).reverse();
			for (const source of sources.reverse()) {
				const from = fromBuild ? fromBuildStage(source) : path.join(ROOT, source);
				const to = destination.endsWith('/')
					? path.join(workdir, destination, path.basename(source))
					: path.join(workdir, destination);
				if (!existsSync(from)) throw new Error(`${from} is missing: run \`npm run build\` first (npm test does)`);
				cpSync(from, to, { recursive: true });
			}
		} else if (keyword === 'RUN') {
			// Only the install: `npm cache clean` belongs in an image, not on this machine's cache.
			const install = args
				.split('&&')
				.map((part) => part.trim())
				.find((part) => part.startsWith('npm ci '));
			if (!install) throw new Error(`unexpected RUN in the runtime stage: ${args}`);
			const [npm, ...npmArgs] = install.split(/\s+/);
			await run(npm, [...npmArgs, '--prefer-offline'], { cwd: workdir });
		}
	}
}

describe('a production install, run as the image runs it', () => {
	const runtime = readDockerfile().at(-1)!;
	let workdir: string;
	let emulator: MongoEmulator;
	let server: ChildProcess | undefined;

	beforeAll(async () => {
		workdir = mkdtempSync(path.join(tmpdir(), 'bot-platform-image-'));
		await installLikeTheImage(runtime, workdir);
		emulator = await startMongoEmulator({ port: 0, logger: { warn: () => {} } });
	}, 240_000);
	afterAll(async () => {
		server?.kill('SIGKILL');
		await emulator?.close();
		rmSync(workdir, { recursive: true, force: true });
	});

	test('has production dependencies only', () => {
		expect(existsSync(path.join(workdir, 'node_modules/express'))).toBe(true);
		expect(existsSync(path.join(workdir, 'node_modules/typescript'))).toBe(false);
		expect(existsSync(path.join(workdir, 'node_modules/jest'))).toBe(false);
	});

	test('CMD serves; HEALTHCHECK passes, fails while the database is gone, passes again; SIGTERM exits 0', async () => {
		const env = {
			PATH: process.env.PATH ?? '',
			...stageEnv(runtime),
			PORT: String(await freePort()),
			MONGODB_URI: `${emulator.uri}/image`,
		};
		const [command, ...args] = execForm(lastInstruction(runtime, 'CMD')!);
		server = spawn(command, args, { cwd: workdir, env, stdio: ['ignore', 'pipe', 'pipe'] });
		const log = serverLog(server);
		const url = (await listeningUrl(log)).replace('0.0.0.0', '127.0.0.1');

		const [checkCommand, ...checkArgs] = execForm(lastInstruction(runtime, 'HEALTHCHECK')!);
		const healthcheck = () =>
			run(checkCommand, checkArgs, { cwd: workdir, env }).then(
				() => 0,
				(error: { code?: number }) => error.code ?? -1,
			);
		expect(await healthcheck()).toBe(0);

		const port = emulator.port;
		await emulator.close();
		await until(async () => (await healthcheck()) === 1, 'the healthcheck failing');
		emulator = await startMongoEmulator({ port, logger: { warn: () => {} } });
		await until(async () => (await healthcheck()) === 0, 'the healthcheck passing again');

		expect(await stopProcess(server)).toBe(0);
		expect(log.entries.at(-1)).toMatchObject({ msg: 'stopped' });
		expect(await refusesConnections(url)).toBe(true);
	}, 120_000);
});
