/** The emulator on a Unix domain socket beside its TCP port: one database behind both, the file gone once closed. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { startMongoEmulator, startMongoEmulatorThread, type MongoEmulator } from '../src';

let directory: string;
beforeEach(() => {
	directory = mkdtempSync(path.join(os.tmpdir(), 'emulator-socket-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

describe.each([
	['on the calling thread', startMongoEmulator],
	['on a thread of its own', startMongoEmulatorThread],
])('%s', (_where, start) => {
	test('serves the same data on the socket and on TCP, and removes the socket file when closed', async () => {
		const socketPath = path.join(directory, 'db.sock');
		const emulator: MongoEmulator = await start({ socketPath, logger: { warn: () => undefined } });
		expect(emulator.socketUri).toBe(`mongodb://${encodeURIComponent(socketPath)}`);
		const [bySocket, byTcp] = await Promise.all([MongoClient.connect(emulator.socketUri!), MongoClient.connect(emulator.uri)]);
		try {
			expect(bySocket.options.hosts[0].socketPath).toBe(socketPath);
			await bySocket
				.db('socket')
				.collection('things')
				.insertOne({ _id: 1, name: 'written through the socket' } as never);
			expect(
				await byTcp
					.db('socket')
					.collection('things')
					.findOne({ _id: 1 } as never),
			).toEqual({
				_id: 1,
				name: 'written through the socket',
			});
		} finally {
			await Promise.all([bySocket.close(), byTcp.close()]);
			await emulator.close();
		}
		expect(existsSync(socketPath)).toBe(false);
	});
});

test('refuses a socket path a driver would take for a host name, before listening anywhere', async () => {
	await expect(startMongoEmulator({ socketPath: path.join(directory, 'db') })).rejects.toThrow(/must end in \.sock/);
});
