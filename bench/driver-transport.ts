/**
 * What the embedded database's transport costs the server's thread: the key lookup's command (getMe's only one, a
 * `findOneAndUpdate` by API key hash that counts the call) sent by mongoose's driver to the emulator on its own
 * thread, through 127.0.0.1 TCP and through a Unix domain socket, 10 in flight. The figure is the calling thread's
 * CPU per command, from /proc (Linux only). The two transports take turns in short slices and the medians are
 * printed, so that a machine whose load changes during the run weighs on both alike.
 *
 *   npm run bench:driver-transport -- [commands per slice=2000] [slices=20]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { startMongoEmulatorThread } from '../server/mongo-emulator/src';
import { fmt, median, table } from './lib/stats';

const COMMANDS = Number(process.argv[2] ?? 2000);
const SLICES = Number(process.argv[3] ?? 20);
const IN_FLIGHT = 10;

/** This thread's CPU time so far, in ms: utime + stime of its /proc stat line, in clock ticks of 10 ms. */
function threadCpuMs(): number {
	const fields = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
	return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function transport(name: string, uri: string) {
	const connection = await mongoose.createConnection(`${uri}/driver-transport`, { bufferCommands: false }).asPromise();
	const users = connection.db!.collection('users');
	await users.deleteMany({});
	const endsAt = new Date(Date.now() + 3_600_000);
	await users.insertOne({
		apiKeyHash: 'k',
		plan: 'pro',
		name: 'Bench',
		email: 'bench@example.com',
		rateWindow: { endsAt, calls: 0 },
	});
	const lookup = () =>
		users.findOneAndUpdate(
			{ apiKeyHash: 'k', blocked: { $ne: true }, plan: 'pro', 'rateWindow.endsAt': { $gt: new Date() } },
			{ $inc: { 'rateWindow.calls': 1 } },
			{ returnDocument: 'after', projection: { name: 1, email: 1, plan: 1, rateWindow: 1 } },
		);
	const run = async (count: number) => {
		let started = 0;
		await Promise.all(
			Array.from({ length: IN_FLIGHT }, async () => {
				while (started++ < count) await lookup();
			}),
		);
	};
	await run(COMMANDS); // warm-up: connections opened, code optimized
	return { name, connection, run, microseconds: [] as number[] };
}

async function main(): Promise<void> {
	const directory = mkdtempSync(path.join(os.tmpdir(), 'driver-transport-'));
	const emulator = await startMongoEmulatorThread({ socketPath: path.join(directory, 'db.sock') });
	try {
		const transports = [await transport('127.0.0.1 TCP', emulator.uri), await transport('Unix socket', emulator.socketUri!)];
		for (let slice = 0; slice < SLICES; slice++) {
			for (const each of slice % 2 ? [...transports].reverse() : transports) {
				const before = threadCpuMs();
				await each.run(COMMANDS);
				each.microseconds.push(((threadCpuMs() - before) / COMMANDS) * 1000);
			}
		}
		console.log(
			`${SLICES} slices of ${COMMANDS} commands each, ${IN_FLIGHT} in flight; load average ${os.loadavg()[0].toFixed(1)}\n`,
		);
		const rows = transports.map(({ name, microseconds }) => [name, fmt(median(microseconds))]);
		console.log(table(['transport', 'CPU of the calling thread per command (µs, median)'], rows, ['---', '---:']));
		for (const { connection } of transports) await connection.close();
	} finally {
		await emulator.close();
		rmSync(directory, { recursive: true, force: true });
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
