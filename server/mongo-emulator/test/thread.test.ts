/** The emulator on a worker thread, as the server embeds it: same wire protocol, its warnings on this thread. */
import { connect } from 'node:net';
import { once } from 'node:events';
import { MongoClient } from 'mongodb';
import { startMongoEmulatorThread } from '../src';

test('serves drivers from its own thread, reports its warnings here, and closes', async () => {
	const warnings: string[] = [];
	const emulator = await startMongoEmulatorThread({ logger: { warn: (message) => warnings.push(message) } });
	const client = await MongoClient.connect(emulator.uri);
	try {
		const things = client.db('thread').collection<{ _id: number; name: string }>('things');
		await things.insertMany([
			{ _id: 2, name: 'b' },
			{ _id: 1, name: 'a' },
		]);
		expect(await things.find({}, { sort: { _id: 1 } }).toArray()).toEqual([
			{ _id: 1, name: 'a' },
			{ _id: 2, name: 'b' },
		]);

		// A message with an opcode the emulator does not speak: it closes that connection and warns.
		const socket = connect(emulator.port, '127.0.0.1');
		await once(socket, 'connect');
		const header = Buffer.alloc(16);
		header.writeInt32LE(16, 0);
		header.writeInt32LE(9999, 12);
		socket.write(header);
		await once(socket, 'close');
		while (warnings.length === 0) await new Promise((resolve) => setImmediate(resolve));
		expect(warnings[0]).toMatch(/closing connection \d+: unsupported opcode 9999/);
	} finally {
		await client.close();
		await emulator.close();
	}
	const refused = connect(emulator.port, '127.0.0.1');
	const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
	expect(error.code).toBe('ECONNREFUSED');
});
