/** The standalone process (src/cli.ts, run from source): its planner switch by flag and by environment variable. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { MongoClient } from 'mongodb';

const PACKAGE_ROOT = path.resolve(__dirname, '..');

interface CliProcess {
	readonly child: ChildProcess;
	/** Resolves with the exit code (listened for from the start: the process may end before it is awaited). */
	readonly exited: Promise<number | null>;
}

function startCli(args: string[], env: Record<string, string>): CliProcess {
	const { MONGO_EMULATOR_PLANNER: _inherited, ...inherited } = process.env;
	const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/cli.ts', '--port', '0', ...args], {
		cwd: PACKAGE_ROOT,
		env: { ...inherited, ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	return { child, exited: once(child, 'exit').then(([code]) => code as number | null) };
}

/** The first stdout line, where the process says where it listens. */
async function firstLine({ child }: CliProcess): Promise<string> {
	for await (const line of createInterface({ input: child.stdout! })) return line;
	throw new Error('the process ended without printing a line');
}

function stop({ child, exited }: CliProcess): Promise<number | null> {
	child.kill('SIGTERM');
	return exited;
}

/** The plan mongod's explain reports for a query an index on `n` serves. */
async function winningStage(uri: string): Promise<string> {
	const client = await MongoClient.connect(uri);
	try {
		const docs = client.db('cli_test').collection<{ _id: number; n: number }>('docs');
		await docs.createIndex({ n: 1 });
		await docs.insertMany([1, 2, 3].map((n) => ({ _id: n, n })));
		const explained = await docs.find({ n: 2 }).explain('executionStats');
		expect(await docs.find({ n: 2 }).toArray()).toEqual([{ _id: 2, n: 2 }]);
		return explained.queryPlanner.winningPlan.stage;
	} finally {
		await client.close();
	}
}

describe('mongo-emulator, the standalone process', () => {
	it('answers by the planner by default, and by full scans with --planner scan, which wins over the environment', async () => {
		const planned = startCli([], {});
		const scanning = startCli(['--planner', 'scan'], { MONGO_EMULATOR_PLANNER: 'indexes' });
		try {
			const [plannedLine, scanningLine] = await Promise.all([firstLine(planned), firstLine(scanning)]);
			expect(plannedLine).toMatch(/^mongo-emulator listening on mongodb:\/\/127\.0\.0\.1:\d+$/);
			expect(scanningLine).toMatch(/^mongo-emulator listening on mongodb:\/\/127\.0\.0\.1:\d+ \(every query by a full scan\)$/);
			expect(await winningStage(plannedLine.split(' ')[3])).toBe('FETCH');
			expect(await winningStage(scanningLine.split(' ')[3])).toBe('COLLSCAN');
		} finally {
			expect(await stop(planned)).toBe(0);
			expect(await stop(scanning)).toBe(0);
		}
	});

	it('takes the planner from MONGO_EMULATOR_PLANNER, and refuses an unknown one by name', async () => {
		const scanning = startCli([], { MONGO_EMULATOR_PLANNER: 'scan' });
		const refused = startCli([], { MONGO_EMULATOR_PLANNER: 'fast' });
		const stderr: string[] = [];
		refused.child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
		try {
			expect(await firstLine(scanning)).toMatch(/\(every query by a full scan\)$/);
			expect(await refused.exited).toBe(1);
			expect(stderr.join('')).toContain('invalid MONGO_EMULATOR_PLANNER fast: expected indexes or scan');
		} finally {
			expect(await stop(scanning)).toBe(0);
		}
	});
});
