/** Real server processes for tests: started from the build, stopped by signal, their JSON log read line by line. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const MAIN = path.resolve(__dirname, '../../dist/main.js');
export const EMULATOR_CLI = path.resolve(__dirname, '../../mongo-emulator/dist/cli.js');

export function startProcess(env: Record<string, string>, script = MAIN, args: string[] = []): ChildProcess {
	if (!existsSync(script)) throw new Error(`${script} is missing: run \`npm run build\` first (npm test does)`);
	const { MONGODB_URI: _ignored, ...inherited } = process.env;
	return spawn(process.execPath, [script, ...args], { env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

export async function stopProcess(child: ChildProcess): Promise<number | null> {
	const exited = once(child, 'exit');
	child.kill('SIGTERM');
	const [code] = await exited;
	return code as number | null;
}

/** Everything a process printed, once it has exited and its output is closed (for a process expected to stop itself). */
export async function outputUntilExit(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
	let stdout = '';
	let stderr = '';
	child.stdout!.on('data', (chunk) => (stdout += chunk));
	child.stderr!.on('data', (chunk) => (stderr += chunk));
	const [code] = (await once(child, 'close')) as [number | null];
	return { code, stdout, stderr };
}

/** Resolves with the first stdout line matching `pattern` (for programs that do not log JSON, like the emulator). */
export async function lineMatching(child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
	for await (const line of createInterface({ input: child.stdout! })) {
		const match = pattern.exec(line);
		if (match) return match;
	}
	throw new Error(`the process ended before printing ${pattern}`);
}

/** The server's log: every stdout line a JSON object (lines before the first `{`, such as npm's banner, are skipped). */
export function serverLog(child: ChildProcess) {
	const entries: any[] = [];
	const waiting = new Set<() => void>();
	let ended = false;
	createInterface({ input: child.stdout! })
		.on('line', (line) => {
			if (entries.length === 0 && !line.startsWith('{')) return;
			entries.push(JSON.parse(line));
			for (const wake of waiting) wake();
		})
		.on('close', () => {
			ended = true;
			for (const wake of waiting) wake();
		});
	return {
		entries,
		/** The first entry for which `matches` holds, once it is logged (within a generous deadline). */
		async first(matches: (entry: any) => boolean, deadlineMs = 90_000): Promise<any> {
			const deadline = Date.now() + deadlineMs;
			for (;;) {
				const found = entries.find(matches);
				if (found) return found;
				if (ended || Date.now() > deadline) {
					throw new Error(
						`no such log line ${ended ? 'before the process ended' : 'in time'}; logged: ${JSON.stringify(entries)}`,
					);
				}
				await new Promise<void>((resolve) => {
					const wake = () => {
						waiting.delete(wake);
						clearTimeout(timer);
						resolve();
					};
					const timer = setTimeout(wake, deadline - Date.now());
					waiting.add(wake);
				});
			}
		},
	};
}

export const listeningUrl = async (log: ReturnType<typeof serverLog>): Promise<string> =>
	(await log.first((entry) => /^listening on /.test(entry.msg))).url;

/** Whether nothing listens on the URL's port any more (a new TCP connection is refused). */
export async function refusesConnections(url: string): Promise<boolean> {
	const { hostname, port } = new URL(url);
	const socket = connect(Number(port), hostname);
	try {
		await once(socket, 'connect');
		return false;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';
	} finally {
		socket.destroy();
	}
}
