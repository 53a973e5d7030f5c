import { CursorRegistry } from '../src/engine/cursors';
import { encodeDocument } from '../src/engine/records';
import { useEmulator, type TestDocument } from './emulator-fixture';

const fixture = useEmulator();

async function seed(count: number) {
	const docs = fixture.freshDb().collection<TestDocument>('docs');
	await docs.insertMany(Array.from({ length: count }, (_, i) => ({ _id: i })));
	return docs;
}

describe('mongo emulator cursors', () => {
	it('returns 250 documents in batches of 100 through getMore', async () => {
		const docs = await seed(250);
		const cursor = docs.find().sort({ _id: 1 }).batchSize(100);
		const ids: unknown[] = [];
		for await (const doc of cursor) ids.push(doc._id);
		expect(ids).toEqual(Array.from({ length: 250 }, (_, i) => i));
	});

	it('sends 101 documents in a first batch by default and the rest on getMore', async () => {
		const docs = await seed(150);
		const reply = await docs.db.command({ find: docs.collectionName, filter: {} });
		expect(reply.cursor.firstBatch).toHaveLength(101);
		expect(reply.cursor.id).not.toBe(0);
		const more = await docs.db.command({ getMore: reply.cursor.id, collection: docs.collectionName });
		expect(more.cursor.nextBatch).toHaveLength(49);
		expect(more.cursor.id).toBe(0);
	});

	it('closes a cursor after limit or a single batch', async () => {
		const docs = await seed(20);
		const limited = await docs.db.command({ find: docs.collectionName, limit: 5, batchSize: 2 });
		const next = await docs.db.command({ getMore: limited.cursor.id, collection: docs.collectionName, batchSize: 10 });
		expect(next.cursor.nextBatch).toHaveLength(3);
		expect(next.cursor.id).toBe(0);
		const single = await docs.db.command({ find: docs.collectionName, batchSize: 2, singleBatch: true });
		expect(single.cursor.id).toBe(0);
	});

	it('kills cursors', async () => {
		const docs = await seed(10);
		const reply = await docs.db.command({ find: docs.collectionName, batchSize: 2 });
		const killed = await docs.db.command({ killCursors: docs.collectionName, cursors: [reply.cursor.id] });
		expect(killed.cursorsKilled).toEqual([reply.cursor.id]);
		await expect(docs.db.command({ getMore: reply.cursor.id, collection: docs.collectionName })).rejects.toMatchObject({
			code: 43,
		});
	});

	it('drops the cursors of a connection when it closes', () => {
		const cursors = new CursorRegistry();
		const documents = Array.from({ length: 5 }, (_, i) => encodeDocument({ _id: i }));
		const open = cursors.openCursor('db.docs', documents, { connectionId: 7, batchSize: 2 });
		cursors.closeConnection(7);
		expect(() => cursors.getMore(open.id.toNumber(), 'db.docs', undefined)).toThrow(expect.objectContaining({ code: 43 }));
	});
});
