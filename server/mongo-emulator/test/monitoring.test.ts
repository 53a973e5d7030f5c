/**
 * Server monitoring as a real mongod offers it: `hello` carries a topologyVersion, so drivers monitor by the
 * streaming protocol and notice a stopped server at once; a restarted emulator is a new processId.
 */
import { connect } from 'node:net';
import { once } from 'node:events';
import { deserialize, type Document } from 'bson';
import { MongoClient, type ServerDescriptionChangedEvent, type ServerHeartbeatSucceededEvent } from 'mongodb';
import { startMongoEmulator, type MongoEmulator } from '../src';
import { opMsg } from './raw-wire';

const EXHAUST_ALLOWED = 1 << 16;
const MORE_TO_COME = 1 << 1;

interface Reply {
	requestId: number;
	responseTo: number;
	flags: number;
	body: Document;
}

/** Collects OP_MSG replies from a raw socket. */
function replies(socket: import('node:net').Socket): Reply[] {
	const received: Reply[] = [];
	let pending = Buffer.alloc(0);
	socket.on('data', (chunk: Buffer) => {
		pending = Buffer.concat([pending, chunk]);
		while (pending.length >= 4 && pending.length >= pending.readInt32LE(0)) {
			const length = pending.readInt32LE(0);
			received.push({
				requestId: pending.readInt32LE(4),
				responseTo: pending.readInt32LE(8),
				flags: pending.readUInt32LE(16),
				body: deserialize(pending.subarray(21, length)),
			});
			pending = pending.subarray(length);
		}
	});
	return received;
}

async function until(condition: () => boolean, what: string, deadlineMs = 20_000): Promise<void> {
	const deadline = Date.now() + deadlineMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

describe('server monitoring (hello with topologyVersion)', () => {
	let emulator: MongoEmulator;
	beforeEach(async () => {
		emulator = await startMongoEmulator({ port: 0, logger: { warn: () => {} } });
	});
	afterEach(async () => {
		await emulator.close();
	});

	test('an awaitable hello with exhaust is answered by a stream of moreToCome replies', async () => {
		const socket = connect(emulator.port, '127.0.0.1');
		await once(socket, 'connect');
		const received = replies(socket);
		try {
			socket.write(opMsg(1, 0, { hello: 1, $db: 'admin' }));
			await until(() => received.length === 1, 'the first hello');
			const { topologyVersion } = received[0].body;
			expect(topologyVersion).toEqual({ processId: expect.anything(), counter: expect.anything() });

			socket.write(opMsg(2, EXHAUST_ALLOWED, { hello: 1, topologyVersion, maxAwaitTimeMS: 30, $db: 'admin' }));
			await until(() => received.length >= 4, 'three streamed replies');
			const streamed = received.slice(1, 4);
			for (const reply of streamed) {
				expect(reply.flags & MORE_TO_COME).toBe(MORE_TO_COME);
				expect(reply.body).toMatchObject({ ok: 1, isWritablePrimary: true, topologyVersion });
			}
			// Each streamed reply answers the one before it.
			expect(streamed.map((reply) => reply.responseTo)).toEqual([2, streamed[0].requestId, streamed[1].requestId]);
		} finally {
			socket.destroy();
		}
	});

	test('a hello that names another processId is answered at once', async () => {
		const socket = connect(emulator.port, '127.0.0.1');
		await once(socket, 'connect');
		const received = replies(socket);
		try {
			const stale = { processId: new (await import('bson')).ObjectId(), counter: 0 };
			// An hour's wait would time the test out if the emulator waited.
			socket.write(opMsg(7, 0, { hello: 1, topologyVersion: stale, maxAwaitTimeMS: 3_600_000, $db: 'admin' }));
			await until(() => received.length === 1, 'the answer');
			expect(received[0].responseTo).toBe(7);
			expect(received[0].flags & MORE_TO_COME).toBe(0);
		} finally {
			socket.destroy();
		}
	});

	test('the driver streams, notices a stop without waiting for a poll, and sees a restart as a new process', async () => {
		// A poll every minute: noticing the stop within the test's deadline can only come from the stream.
		const client = new MongoClient(emulator.uri, { heartbeatFrequencyMS: 60_000, serverSelectionTimeoutMS: 5_000 });
		const heartbeats: ServerHeartbeatSucceededEvent[] = [];
		const changes: ServerDescriptionChangedEvent[] = [];
		client.on('serverHeartbeatSucceeded', (event) => heartbeats.push(event));
		client.on('serverDescriptionChanged', (event) => changes.push(event));
		try {
			await client.connect();
			await client.db('admin').command({ ping: 1 });
			await until(() => heartbeats.some((event) => event.awaited), 'a streamed heartbeat');
			const firstProcess = changes.at(-1)!.newDescription.topologyVersion!.processId;

			const port = emulator.port;
			await emulator.close();
			await until(() => changes.at(-1)?.newDescription.type === 'Unknown', 'the server marked Unknown');

			emulator = await startMongoEmulator({ port, logger: { warn: () => {} } });
			await client.db('admin').command({ ping: 1 });
			const known = changes.at(-1)!.newDescription;
			expect(known.type).toBe('Standalone');
			expect(known.topologyVersion!.processId.equals(firstProcess)).toBe(false);
		} finally {
			await client.close();
		}
	});
});
