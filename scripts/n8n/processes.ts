/**
 * The child processes of a run (the Bot Platform server, n8n commands, `n8n start`): started, waited for and
 * stopped. Each child gets a process group of its own, because n8n starts task-runner children that must die
 * with it; whatever is still running when the runner exits is killed with its group.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

const children = new Set<ChildProcess>();

export interface ProcessOptions {
	env: NodeJS.ProcessEnv;
	cwd?: string;
	/** Everything the process prints is appended here. */
	logFile?: string;
}

export interface LongRunningProcess {
	child: ChildProcess;
	/** Everything printed so far, stdout and stderr interleaved. */
	output(): string;
	running(): boolean;
}

export function startProcess(command: string, args: string[], options: ProcessOptions): LongRunningProcess {
	const child = spawnInGroup(command, args, options);
	const log = options.logFile === undefined ? undefined : fs.createWriteStream(options.logFile, { flags: 'a' });
	let output = '';
	const collect = (chunk: Buffer) => {
		output += chunk;
		log?.write(chunk);
	};
	let spawnFailed = false;
	child.stdout?.on('data', collect);
	child.stderr?.on('data', collect);
	child.on('error', (error) => {
		spawnFailed = true;
		collect(Buffer.from(`[n8n-e2e] ${command}: ${error.message}\n`));
	});
	// 'close' comes after the last output chunk; 'exit' may come before it.
	child.on('close', () => log?.end());
	const running = () => !spawnFailed && child.exitCode === null && child.signalCode === null;
	return { child, output: () => output, running };
}

/** SIGTERM to the process group, SIGKILL if it is still there after `graceMs`. */
export async function stopProcess(proc: LongRunningProcess, graceMs = 5000): Promise<void> {
	if (!proc.running()) return;
	const exited = new Promise((resolve) => proc.child.once('exit', resolve));
	killGroup(proc.child, 'SIGTERM');
	const timer = setTimeout(() => killGroup(proc.child, 'SIGKILL'), graceMs);
	await exited;
	clearTimeout(timer);
}

export interface CommandResult {
	/** The exit code; 128 when a signal ended it. */
	code: number;
	stdout: string;
	stderr: string;
	ms: number;
}

/** Runs a command to completion. Resolves whatever its exit code; kills it (and its group) after `timeoutMs`. */
export function runCommand(
	command: string,
	args: string[],
	{ timeoutMs = 180_000, ...options }: ProcessOptions & { timeoutMs?: number },
): Promise<CommandResult> {
	return new Promise((resolve, reject) => {
		const started = Date.now();
		const child = spawnInGroup(command, args, options);
		let stdout = '';
		let stderr = '';
		child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk));
		child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
		const timer = setTimeout(() => {
			stderr += `\n[n8n-e2e] timed out after ${timeoutMs} ms\n`;
			killGroup(child, 'SIGKILL');
		}, timeoutMs);
		child.on('error', reject);
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			if (options.logFile) fs.appendFileSync(options.logFile, `$ ${command} ${args.join(' ')}\n${stdout}${stderr}\n`);
			resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr, ms: Date.now() - started });
		});
	});
}

/** Kills every child still running when the runner exits or is interrupted. */
export function killChildrenOnExit(): void {
	const killAll = () => children.forEach((child) => killGroup(child, 'SIGKILL'));
	process.on('exit', killAll);
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.on(signal, () => {
			killAll();
			process.exit(130);
		});
	}
}

/**
 * Polls `check` until it returns a value other than `undefined` or `false`, or the deadline passes. A check that
 * throws counts as "not yet"; its last error goes into the timeout message. `alive` stops the wait early when the
 * process being waited for has exited.
 */
export async function waitFor<T>(
	what: string,
	check: () => Promise<T | undefined | false> | T | undefined | false,
	{ deadlineMs = 60_000, intervalMs = 200, alive }: { deadlineMs?: number; intervalMs?: number; alive?: () => boolean } = {},
): Promise<T> {
	const deadline = Date.now() + deadlineMs;
	let lastError: unknown;
	while (Date.now() < deadline) {
		if (alive && !alive()) throw new Error(`${what}: the process exited`);
		try {
			const value = await check();
			if (value !== undefined && value !== false) return value;
		} catch (error) {
			lastError = error;
		}
		await new Promise((resolve) => setTimeout(resolve, intervalMs));
	}
	const reason = lastError instanceof Error ? ` (${lastError.message})` : '';
	throw new Error(`${what}: not ready after ${deadlineMs} ms${reason}`);
}

/**
 * `count` distinct TCP ports that were free a moment ago, for a child that cannot be told to take port 0. The
 * probes stay open until all are found: probing one after another may hand out the same port twice.
 */
export async function freePorts(count: number): Promise<number[]> {
	const probes = await Promise.all(Array.from({ length: count }, listenOnAnyPort));
	const ports = probes.map((probe) => (probe.address() as net.AddressInfo).port);
	await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
	return ports;
}

function listenOnAnyPort(): Promise<net.Server> {
	return new Promise((resolve, reject) => {
		const probe = net.createServer();
		probe.unref();
		probe.on('error', reject);
		probe.listen(0, '127.0.0.1', () => resolve(probe));
	});
}

function spawnInGroup(command: string, args: string[], { env, cwd }: ProcessOptions): ChildProcess {
	// detached = a process group of its own, so that killGroup reaches the grandchildren too.
	const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
	children.add(child);
	child.on('exit', () => children.delete(child));
	return child;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		// The group is gone already, or was never made: the child alone, if it is still there.
		child.kill(signal);
	}
}
