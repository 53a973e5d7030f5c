import { connect, type Socket } from 'node:net';
import { deserialize, serialize, type Document } from 'bson';
import { useEmulator } from './emulator-fixture';

const fixture = useEmulator();

/** Raw OP_MSG framing, to check flags and section kinds the driver's choice of encoding would hide. */
function opMsg(
	requestId: number,
	flags: number,
	body: Document,
	sequence?: { identifier: string; documents: Document[] },
): Buffer {
	const sections: Buffer[] = [Buffer.from([0]), Buffer.from(serialize(body))];
	if (sequence) {
		const documents = Buffer.concat(sequence.documents.map((doc) => Buffer.from(serialize(doc))));
		const identifier = Buffer.from(`${sequence.identifier}\0`);
		const size = Buffer.alloc(4);
		size.writeInt32LE(4 + identifier.length + documents.length);
		sections.push(Buffer.from([1]), size, identifier, documents);
	}
	const payload = Buffer.concat([Buffer.alloc(4), ...sections]);
	payload.writeUInt32LE(flags, 0);
	const header = Buffer.alloc(16);
	header.writeInt32LE(16 + payload.length, 0);
	header.writeInt32LE(requestId, 4);
	header.writeInt32LE(2013, 12);
	return Buffer.concat([header, payload]);
}

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
