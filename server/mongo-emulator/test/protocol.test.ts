import { connect, type Socket } from 'node:net';
import { deserialize, type Document } from 'bson';
import { useEmulator } from './emulator-fixture';
import { opMsg } from './raw-wire';

const fixture = useEmulator();

function readReplies(socket: Socket, count: number): Promise<Array<{ responseTo: number; body: Document }>> {
	return new Promise((resolve, reject) => {
		let pending = Buffer.alloc(0);
		const replies: Array<{ responseTo: number; body: Document }> = [];
		socket.on('error', reject);
		socket.on('data', (chunk: Buffer) => {
			pending = Buffer.concat([pending, chunk]);
			while (pending.length >= 4 && pending.length >= pending.readInt32LE(0)) {
				const length = pending.readInt32LE(0);
				replies.push({ responseTo: pending.readInt32LE(8), body: deserialize(pending.subarray(21, length)) });
				pending = pending.subarray(length);
			}
			if (replies.length >= count) resolve(replies);
		});
	});
}

async function rawConnection(): Promise<Socket> {
	const socket = connect(fixture.emulator().port, '127.0.0.1');
	await new Promise<void>((resolve) => socket.once('connect', resolve));
	return socket;
}

describe('mongo emulator wire protocol', () => {
	it('answers the driver handshake and reports a standalone server', async () => {
		const hello = await fixture.client().db('admin').command({ hello: 1 });
		expect(hello).toMatchObject({ ok: 1, isWritablePrimary: true, maxWireVersion: expect.any(Number) });
		expect(hello.setName).toBeUndefined();
		await expect(fixture.client().db('admin').command({ ping: 1 })).resolves.toEqual({ ok: 1 });
		await expect(fixture.client().db('admin').command({ buildInfo: 1 })).resolves.toMatchObject({ version: '7.0.0', ok: 1 });
	});

	it('does not answer a message flagged moreToCome', async () => {
		const socket = await rawConnection();
		const replies = readReplies(socket, 1);
		socket.write(opMsg(1, 1 << 1, { endSessions: [], $db: 'admin' }));
		socket.write(opMsg(2, 0, { ping: 1, $db: 'admin' }));
		const [reply] = await replies;
		expect(reply.responseTo).toBe(2);
		socket.destroy();
	});

	it('reads document sequences (kind 1 sections) into the command', async () => {
		const socket = await rawConnection();
		const replies = readReplies(socket, 2);
		const documents = [{ _id: 1 }, { _id: 2 }, { _id: 3 }];
		socket.write(opMsg(1, 0, { insert: 'sequenced', $db: 'protocol_kind1' }, { identifier: 'documents', documents }));
		socket.write(opMsg(2, 0, { count: 'sequenced', $db: 'protocol_kind1' }));
		const [insert, count] = await replies;
		expect(insert.body).toMatchObject({ n: 3, ok: 1 });
		expect(count.body).toMatchObject({ n: 3, ok: 1 });
		socket.destroy();
	});

	it('lists every command it answers, sorted, each with a line of help', async () => {
		const { commands } = await fixture.client().db('admin').command({ listCommands: 1 });
		const names = Object.keys(commands);
		expect(names).toEqual([...names].sort());
		expect(names).toEqual(expect.arrayContaining(['find', 'findAndModify', 'insert', 'listCommands', 'update']));
		for (const name of names) expect(commands[name]).toEqual({ help: expect.stringMatching(/^[A-Z].+\.$/) });
	});

	it('answers an unknown command with CommandNotFound', async () => {
		await expect(fixture.client().db('admin').command({ noSuchCommand: 1 })).rejects.toMatchObject({
			code: 59,
			codeName: 'CommandNotFound',
		});
	});

	it('refuses transactions like a standalone server', async () => {
		const session = fixture.client().startSession();
		session.startTransaction();
		const insert = fixture.freshDb().collection('t').insertOne({ a: 1 }, { session });
		// The driver rewrites the server's IllegalOperation (code 20) into this explanation.
		await expect(insert).rejects.toThrow(/does not support retryable writes/);
		await session.endSession();
	});
});
