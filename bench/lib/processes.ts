/**
 * Child processes of the benchmark: the server as `npm start` runs it (the built `server/dist/main.js`, embedded
 * database in the same process), and the baselines. Each is its own Node process, as a load generator and a server
 * on one machine would be.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const REPO = path.resolve(__dirname, '..', '..');

/** ts-node for the benchmark's own TypeScript children (transpile only: type-checking is npm run typecheck's job). */
export const TS_NODE = ['-r', 'ts-node/register'];
export const TS_NODE_ENV = { TS_NODE_TRANSPILE_ONLY: '1', TS_NODE_PROJECT: path.join(REPO, 'test', 'tsconfig.json') };

export interface Child {
	process: ChildProcess;
	/** Every line it printed so far (stdout and stderr). */
	lines: string[];
	/** Resolves with the first printed line that `pattern` matches. */
	waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
	/** Resident memory now, in bytes. */
	rss(): number;
	/**
	 * CPU time used so far, in ms (user + system, from /proc: Linux only, else undefined): by the whole process and
	 * by its main thread. Unlike throughput, CPU per call hardly changes with what else the machine is running.
	 */
	cpu(): { process: number; mainThread: number } | undefined;
	stop(): Promise<void>;
}

export function startChild(args: string[], env: NodeJS.ProcessEnv): Child {
	const child = spawn(process.execPath, args, { cwd: REPO, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
	const lines: string[] = [];
	const waiters: Array<{ pattern: RegExp; resolve: (match: RegExpMatchArray) => void }> = [];
	const onLine = (line: string) => {
		lines.push(line);
		for (const waiter of [...waiters]) {
			const match = line.match(waiter.pattern);
			if (match) {
				waiters.splice(waiters.indexOf(waiter), 1);
				waiter.resolve(match);
			}
		}
	};
	createInterface({ input: child.stdout! }).on('line', onLine);
	createInterface({ input: child.stderr! }).on('line', onLine);
	const exited = once(child, 'exit');
	return {
		process: child,
		lines,
		waitFor(pattern) {
			const seen = lines.map((line) => line.match(pattern)).find(Boolean);
			if (seen) return Promise.resolve(seen);
			return Promise.race([
				new Promise<RegExpMatchArray>((resolve) => waiters.push({ pattern, resolve })),
				exited.then(() => {
					throw new Error(`${args.join(' ')} exited before printing ${pattern}:\n${lines.join('\n')}`);
				}),
			]);
		},
		rss: () =>
			Number(
				execFileSync('ps', ['-o', 'rss=', '-p', String(child.pid)])
					.toString()
					.trim(),
			) * 1024,
		cpu() {
			const pid = child.pid;
			if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return undefined;
			return { process: cpuMs(`/proc/${pid}/stat`), mainThread: cpuMs(`/proc/${pid}/task/${pid}/stat`) };
		},
		async stop() {
			if (child.exitCode !== null) return;
			child.kill('SIGTERM');
			await exited;
		},
	};
}

/** utime + stime of a /proc stat line (fields 14 and 15, after the command in parentheses), in ms. */
function cpuMs(statFile: string): number {
	const fields = readFileSync(statFile, 'utf8').split(') ')[1].split(' ');
	return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}
/** USER_HZ, 100 on every Linux a benchmark would run on. */
const CLOCK_TICKS_PER_SECOND = 100;

export interface ServerProcess extends Child {
	url: string;
	/** The embedded database's address, printed at start-up (the benchmark seeds through it). */
	databaseUri: string;
}

/**
 * `node server/dist/main.js` with the benchmark's settings; build it first (`npm run build -w bot-platform-server`).
 * `BENCH_SERVER_NODE_FLAGS` adds flags for the server's Node only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
 */
export async function startServerProcess(adminToken: string): Promise<ServerProcess> {
	const flags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
	const child = startChild([...flags, path.join('server', 'dist', 'main.js')], {
		PORT: '0',
		HOST: '127.0.0.1',
		ADMIN_TOKEN: adminToken,
		// The limit is per user per minute; the benchmark's one user would otherwise hit it at once.
		RATE_LIMIT_PER_MINUTE: '1000000',
		MONGODB_URI: '',
	});
	const [, databaseUri] = await child.waitFor(/(mongodb:\/\/[\w.:[\]-]+)/);
	const [, url] = await child.waitFor(/listening on (http:\/\/[\w.:[\]-]+)/);
	return { ...child, url, databaseUri };
}
