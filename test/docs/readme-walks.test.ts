/**
 * Docs that cannot rot: the quick starts and install sections of the READMEs, run as a newcomer runs them, in order,
 * in a copy of the repository as a fresh clone holds it and with a home folder of their own (`test/support/doc-walks.ts`
 * says how a marked block runs). A doc change that breaks a path fails here.
 *
 * What each walk changes in the commands, and only that: the port (3000 may be taken on the machine running the
 * tests), and in the production install the target folder and the database address, which stand for machines this
 * one does not have.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMongoEmulator, type MongoEmulator } from 'bot-platform-mongo-emulator';
import { cleanCopy, readWalks, runWalk, type WalkCommand } from '../support/doc-walks';
import { freePort } from '../../server/test/support/ports';

/** npm ci, builds and installs, several times over, on two busy cores. */
const WALK_MS = 15 * 60_000;

const walksOf = (file: string) => readWalks(file);
const walk = (file: string, name: string): WalkCommand[] => {
	const commands = walksOf(file).get(name);
	if (!commands?.length) throw new Error(`${file} has no walk "${name}"`);
	return commands;
};

describe('the READMEs, followed literally', () => {
	let scratch: string;
	let clone: string;
	let port: number;
	let emulator: MongoEmulator;

	/** Each walk its own home folder, in a clone shared in order, as one newcomer would go from page to page. */
	const home = (name: string) => path.join(scratch, `home-${name}`);
	const onPort = () => ({ '127.0.0.1:3000': `127.0.0.1:${port}`, 'PORT=3000': `PORT=${port}` });

	beforeAll(async () => {
		scratch = mkdtempSync(path.join(tmpdir(), 'bot-platform-walks-'));
		clone = cleanCopy(scratch);
		port = await freePort();
		emulator = await startMongoEmulator({ port: 0 });
	});

	afterAll(async () => {
		await emulator?.close();
		rmSync(scratch, { recursive: true, force: true });
	});

	test('every walk marker names a walk this test runs', () => {
		const declared = [
			['README.md', ['node-install']],
			['server/README.md', ['server-quick-start', 'production-install']],
			['server/test-double.md', ['test-double-seed', 'test-double-in-process']],
		] as const;
		for (const [file, names] of declared) expect([file, [...walksOf(file).keys()].sort()]).toEqual([file, [...names].sort()]);
	});

	test(
		'README.md: the node, packed from a clone, installs into an n8n user folder on this Node.js',
		async () => {
			await runWalk(walk('README.md', 'node-install'), { cwd: clone, home: home('node') });
		},
		WALK_MS,
	);

	test(
		'server/README.md quick start: from nothing to a contact with a balance, through the admin API and the API',
		async () => {
			await runWalk(walk('server/README.md', 'server-quick-start'), {
				cwd: clone,
				home: home('quick-start'),
				env: { PORT: String(port) },
				substitutions: onPort(),
			});
		},
		WALK_MS,
	);

	test(
		'server/README.md production install without Docker: the built files, a production install, a healthy server',
		async () => {
			const target = path.join(scratch, 'srv', 'bot-platform');
			await runWalk(walk('server/README.md', 'production-install'), {
				cwd: clone,
				home: home('production'),
				substitutions: {
					...onPort(),
					'/srv/bot-platform': target,
					'mongodb://db1:27017,db2:27017/bot-platform?replicaSet=rs0': `${emulator.uri}/walk-production`,
				},
				env: { PORT: String(port) },
			});
		},
		WALK_MS,
	);

	test(
		'server/test-double.md: a seed file in CI, then faults armed with curl',
		async () => {
			await runWalk(walk('server/test-double.md', 'test-double-seed'), {
				cwd: clone,
				home: home('seed'),
				substitutions: onPort(),
			});
		},
		WALK_MS,
	);

	test(
		"server/test-double.md: the in-process test double installed into a project of one's own, and its example run",
		async () => {
			await runWalk(walk('server/test-double.md', 'test-double-in-process'), { cwd: clone, home: home('in-process') });
		},
		WALK_MS,
	);
});
