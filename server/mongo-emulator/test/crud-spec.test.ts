/**
 * The behaviours MongoDB's CRUD specification tests (mongodb/specifications, source/crud/tests/unified) hold a
 * server to, for what the emulator claims, in tests of our own: the README's "MongoDB's CRUD specification tests"
 * maps each spec file to these blocks.
 */
import { MongoClient, type CommandStartedEvent, type Document } from 'mongodb';
import { useEmulator, type TestDocument } from './emulator-fixture';

const fixture = useEmulator();

/** Documents {_id: 1, x: 11} ... {_id: n, x: n * 11}. */
async function numbered(n: number) {
	const docs = fixture.freshDb().collection<TestDocument>('coll');
	await docs.insertMany(Array.from({ length: n }, (_, i) => ({ _id: i + 1, x: (i + 1) * 11 })));
	return docs;
}

type Docs = Awaited<ReturnType<typeof numbered>>;

async function contents(docs: Docs): Promise<Document[]> {
	return docs.find().sort({ _id: 1 }).toArray();
}

/** A client of its own that records the commands it sends (the fixture's client records none). */
async function monitoredClient(): Promise<{ client: MongoClient; started: CommandStartedEvent[] }> {
	const client = new MongoClient(fixture.emulator().uri, { monitorCommands: true, maxPoolSize: 1 });
	const started: CommandStartedEvent[] = [];
	client.on('commandStarted', (event) => started.push(event));
	await client.connect();
	return { client, started };
}

describe('find and findOne (find, findOne, find-comment, find-allowdiskuse)', () => {
	it('filters, sorts, skips and limits', async () => {
		const docs = await numbered(6);
		expect(
			await docs
				.find({ _id: { $gt: 1 } })
				.sort({ _id: -1 })
				.skip(2)
				.limit(2)
				.toArray(),
		).toEqual([
			{ _id: 4, x: 44 },
			{ _id: 3, x: 33 },
		]);
		expect(await docs.findOne({ _id: { $gt: 2 } }, { sort: { _id: 1 }, skip: 2 })).toEqual({ _id: 5, x: 55 });
		expect(await docs.findOne({ _id: 99 })).toBeNull();
	});

	it('answers in batches through getMore, and ends the cursor with the batch that reaches the limit', async () => {
		const docs = await numbered(6);
		const { client, started } = await monitoredClient();
		try {
			const coll = client.db(docs.dbName).collection<TestDocument>('coll');
			const all = await coll.find({ _id: { $gt: 1 } }, { batchSize: 2, comment: { why: 'spec' } }).toArray();
			expect(all.map((doc) => doc._id)).toEqual([2, 3, 4, 5, 6]);
			const getMores = started.filter((event) => event.commandName === 'getMore');
			expect(getMores).toHaveLength(2);
			expect(getMores[0].command).toMatchObject({ batchSize: 2, comment: { why: 'spec' } });

			started.length = 0;
			const limited = await coll.find({}, { sort: { _id: 1 }, limit: 4, batchSize: 2, allowDiskUse: true }).toArray();
			expect(limited.map((doc) => doc._id)).toEqual([1, 2, 3, 4]);
			expect(started.map((event) => event.commandName)).toEqual(['find', 'getMore']);

			started.length = 0;
			await coll.find({}, { limit: 3, batchSize: 3, allowDiskUse: false }).toArray();
			expect(started.map((event) => event.commandName)).toEqual(['find']);
		} finally {
			await client.close();
		}
	});
});

describe('aggregate (aggregate, aggregate-allowdiskuse)', () => {
	it('runs several stages and answers in batches', async () => {
		const docs = await numbered(6);
		const pipeline = [
			{ $match: { _id: { $gt: 1 } } },
			{ $sort: { x: 1 } },
			{ $project: { _id: 0, double: { $multiply: ['$x', 2] } } },
		];
		const answer = await docs.aggregate(pipeline, { batchSize: 2, allowDiskUse: true, comment: 'spec' }).toArray();
		expect(answer).toEqual([{ double: 44 }, { double: 66 }, { double: 88 }, { double: 110 }, { double: 132 }]);
	});
});

describe('counting (count, count-empty, countDocuments-comment, estimatedDocumentCount)', () => {
	it('counts with a filter, skip and limit, and estimates from the count command', async () => {
		const docs = await numbered(3);
		expect(await docs.estimatedDocumentCount({ maxTimeMS: 6000, comment: 'spec' })).toBe(3);
		expect(await docs.countDocuments()).toBe(3);
		expect(await docs.countDocuments({ _id: { $gt: 1 } })).toBe(2);
		expect(await docs.countDocuments({}, { skip: 1, limit: 3 })).toBe(2);
		expect(await docs.db.command({ count: 'coll', query: { _id: { $gt: 1 } }, skip: 1, limit: 3 })).toMatchObject({ n: 1 });
	});

	it('counts 0 in an empty collection and in one that does not exist', async () => {
		const db = fixture.freshDb();
		await db.createCollection('empty');
		for (const name of ['empty', 'missing']) {
			expect(await db.collection(name).estimatedDocumentCount()).toBe(0);
			expect(await db.collection(name).countDocuments()).toBe(0);
			expect(await db.command({ count: name })).toMatchObject({ n: 0, ok: 1 });
		}
	});
});

describe('distinct (distinct, distinct-hint, distinct-comment)', () => {
	it('lists distinct values with and without a filter, with a hint', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('coll');
		await docs.insertMany([{ x: 11 }, { x: 22 }, { x: 33 }, { x: 22 }]);
		expect(await docs.distinct('x')).toEqual([11, 22, 33]);
		expect(await docs.distinct('x', { x: { $gt: 11 } }, { hint: '_id_', comment: 'spec' })).toEqual([22, 33]);
		expect(await docs.distinct('x', {}, { hint: { _id: 1 } })).toEqual([11, 22, 33]);
	});
});

describe('deletes (deleteOne, deleteMany, -hint, -comment)', () => {
	it('deletes the first match, every match, or nothing', async () => {
		const docs = await numbered(3);
		await docs.createIndex({ x: 1 }, { name: 'x_1' });
		expect(await docs.deleteOne({ _id: { $gt: 1 } }, { hint: 'x_1', comment: 'spec' })).toMatchObject({ deletedCount: 1 });
		expect((await contents(docs)).map((doc) => doc._id)).toEqual([1, 3]);
		expect(await docs.deleteMany({ _id: { $gt: 5 } })).toMatchObject({ deletedCount: 0 });
		expect(await docs.deleteMany({ _id: { $gt: 0 } }, { hint: { _id: 1 } })).toMatchObject({ deletedCount: 2 });
		expect(await docs.countDocuments()).toBe(0);
	});
});

describe('inserts (insertOne, insertMany, -dots_and_dollars, create-null-ids)', () => {
	it('continues an unordered insertMany past duplicate keys, existing or within the request', async () => {
		const docs = await numbered(1);
		const preexisting = await docs
			.insertMany(
				[
					{ _id: 2, x: 22 },
					{ _id: 1, x: 11 },
					{ _id: 3, x: 33 },
				],
				{ ordered: false },
			)
			.catch((error: unknown) => error);
		expect(preexisting).toMatchObject({ insertedCount: 2, writeErrors: [expect.objectContaining({ index: 1, code: 11000 })] });
		const inRequest = await docs
			.insertMany(
				[
					{ _id: 4, x: 44 },
					{ _id: 4, x: 45 },
					{ _id: 5, x: 55 },
				],
				{ ordered: false },
			)
			.catch((error: unknown) => error);
		expect(inRequest).toMatchObject({ insertedCount: 2, writeErrors: [expect.objectContaining({ index: 1, code: 11000 })] });
		expect((await contents(docs)).map((doc) => doc.x)).toEqual([11, 22, 33, 44, 55]);
	});

	it('stores $-prefixed and dotted field names at the top level and in embedded documents', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('coll');
		const shapes = [
			{ _id: 1, $a: 1 },
			{ _id: 2, 'a.b': 1 },
			{ _id: 3, a: { $b: 1 } },
			{ _id: 4, a: { 'b.c': 1 } },
		];
		await docs.insertMany(shapes);
		expect(await contents(docs)).toEqual(shapes);
	});

	it('stores a null _id as given (the node driver replaces it, so through the insert command)', async () => {
		const db = fixture.freshDb();
		await db.command({ insert: 'coll', documents: [{ _id: null, a: 1 }] });
		expect(await db.collection('coll').countDocuments({ _id: { $type: 'null' } })).toBe(1);
		await expect(db.command({ insert: 'coll', documents: [{ _id: null }] })).resolves.toMatchObject({
			writeErrors: [expect.objectContaining({ code: 11000 })],
		});
	});
});

describe('updates and replacements (updateOne, updateMany, replaceOne, -validation, -hint, -comment)', () => {
	it('updates one of many matches, many, or none, and upserts', async () => {
		const docs = await numbered(3);
		expect(await docs.updateOne({ _id: { $gt: 1 } }, { $inc: { x: 1 } }, { comment: 'spec' })).toMatchObject({
			matchedCount: 1,
			modifiedCount: 1,
			upsertedCount: 0,
		});
		expect(await docs.updateMany({ _id: { $gt: 1 } }, { $inc: { x: 1 } }, { hint: '_id_' })).toMatchObject({
			matchedCount: 2,
			modifiedCount: 2,
		});
		expect(await docs.updateMany({ _id: 4 }, { $inc: { x: 1 } })).toMatchObject({ matchedCount: 0, modifiedCount: 0 });
		expect(await docs.updateOne({ _id: 4 }, { $inc: { x: 1 } }, { upsert: true })).toMatchObject({
			matchedCount: 0,
			upsertedCount: 1,
			upsertedId: 4,
		});
		expect(await contents(docs)).toEqual([
			{ _id: 1, x: 11 },
			{ _id: 2, x: 24 },
			{ _id: 3, x: 34 },
			{ _id: 4, x: 1 },
		]);
	});

	it('replaces one document, and upserts a replacement with or without the filter _id', async () => {
		const docs = await numbered(3);
		expect(await docs.replaceOne({ _id: { $gt: 1 } }, { x: 111 }, { hint: { _id: 1 } })).toMatchObject({
			matchedCount: 1,
			modifiedCount: 1,
		});
		expect(await docs.replaceOne({ _id: 4 }, { x: 1 }, { upsert: true })).toMatchObject({ upsertedId: 4 });
		const withoutId = await docs.replaceOne({ x: 99 }, { x: 2 }, { upsert: true });
		expect(withoutId.upsertedId).toEqual(expect.objectContaining({ _bsontype: 'ObjectId' }));
		expect((await contents(docs)).map((doc) => doc.x)).toEqual([11, 111, 33, 1, 2]);
	});

	it('refuses a replacement with multi, and operators in a replacement (server side)', async () => {
		const docs = await numbered(1);
		const replacementMulti = { update: 'coll', updates: [{ q: {}, u: { x: 1 }, multi: true }] };
		await expect(docs.db.command(replacementMulti)).resolves.toMatchObject({
			writeErrors: [expect.objectContaining({ code: 9 })],
		});
		const mixed = { update: 'coll', updates: [{ q: {}, u: { $set: { x: 1 }, y: 2 } }] };
		await expect(docs.db.command(mixed)).resolves.toMatchObject({ writeErrors: [expect.objectContaining({ code: 9 })] });
		expect(await contents(docs)).toEqual([{ _id: 1, x: 11 }]);
	});

	it('accepts bypassDocumentValidation, there being no validators to bypass', async () => {
		const docs = await numbered(1);
		const bypass = { bypassDocumentValidation: true };
		await docs.insertOne({ _id: 2, x: 22 }, bypass);
		await docs.updateOne({ _id: 1 }, { $set: { x: 0 } }, bypass);
		await docs.bulkWrite([{ replaceOne: { filter: { _id: 2 }, replacement: { x: 0 } } }], bypass);
		expect(await docs.findOneAndUpdate({ _id: 1 }, { $inc: { x: 1 } }, { ...bypass, returnDocument: 'after' })).toEqual({
			_id: 1,
			x: 1,
		});
		expect((await contents(docs)).map((doc) => doc.x)).toEqual([1, 0]);
	});

	it('applies unacknowledged (w: 0) updates with a hint', async () => {
		const docs = await numbered(2);
		const { client } = await monitoredClient();
		try {
			const coll = client.db(docs.dbName).collection<TestDocument>('coll');
			await coll.updateOne({ _id: 1 }, { $inc: { x: 1 } }, { hint: '_id_', writeConcern: { w: 0 } });
			await coll.deleteOne({ _id: 2 }, { hint: { _id: 1 }, writeConcern: { w: 0 } });
			// One connection: the read is answered after the writes.
			expect(await coll.find().toArray()).toEqual([{ _id: 1, x: 12 }]);
		} finally {
			await client.close();
		}
	});
});

describe('arrayFilters (updateOne-, updateMany-, findOneAndUpdate-, bulkWrite-arrayFilters)', () => {
	async function withArrays() {
		const docs = fixture.freshDb().collection<TestDocument>('coll');
		await docs.insertMany([
			{ _id: 1, y: [{ b: 3 }, { b: 1 }] },
			{ _id: 2, y: [{ b: 0 }, { b: 1 }] },
		]);
		return docs;
	}

	it('updates the elements the filters select, in one or many documents, or none', async () => {
		const docs = await withArrays();
		expect(await docs.updateOne({}, { $set: { 'y.$[i].b': 2 } }, { arrayFilters: [{ 'i.b': 4 }] })).toMatchObject({
			matchedCount: 1,
			modifiedCount: 0,
		});
		await docs.updateOne({ _id: 1 }, { $set: { 'y.$[i].b': 2 } }, { arrayFilters: [{ 'i.b': 3 }] });
		await docs.updateMany({}, { $set: { 'y.$[i].b': 5 } }, { arrayFilters: [{ 'i.b': 1 }] });
		expect(await docs.find().toArray()).toEqual([
			{ _id: 1, y: [{ b: 2 }, { b: 5 }] },
			{ _id: 2, y: [{ b: 0 }, { b: 5 }] },
		]);
	});

	it('takes several filters, nested, and answers findOneAndUpdate with the result', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('coll');
		await docs.insertOne({
			_id: 1,
			y: [
				{ b: 3, c: [1, 2] },
				{ b: 1, c: [1, 2] },
			],
		});
		const after = await docs.findOneAndUpdate(
			{ _id: 1 },
			{ $set: { 'y.$[i].c.$[j]': 9 } },
			{ arrayFilters: [{ 'i.b': 3 }, { j: 2 }], returnDocument: 'after' },
		);
		expect(after).toEqual({
			_id: 1,
			y: [
				{ b: 3, c: [1, 9] },
				{ b: 1, c: [1, 2] },
			],
		});
		await docs.bulkWrite([{ updateOne: { filter: {}, update: { $set: { 'y.$[i].b': 0 } }, arrayFilters: [{ 'i.b': 1 }] } }]);
		expect((await docs.findOne())?.y.map((item: Document) => item.b)).toEqual([3, 0]);
	});
});

describe('pipeline updates and $-prefixed names (-pipeline, -dots_and_dollars)', () => {
	it('updates with a pipeline in updateOne, updateMany, findOneAndUpdate and bulkWrite', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('coll');
		await docs.insertMany([
			{ _id: 1, x: 1, y: 1, t: { u: { v: 1 } } },
			{ _id: 2, x: 2, y: 1 },
		]);
		await docs.updateOne({ _id: 1 }, [{ $replaceRoot: { newRoot: '$t' } }, { $addFields: { foo: 1 } }]);
		await docs.updateMany({ _id: 2 }, [{ $project: { x: 1 } }, { $addFields: { foo: 1 } }]);
		expect(await docs.find().toArray()).toEqual([
			{ _id: 1, u: { v: 1 }, foo: 1 },
			{ _id: 2, x: 2, foo: 1 },
		]);
		const before = await docs.findOneAndUpdate({ _id: 2 }, [{ $unset: ['x'] }]);
		expect(before).toEqual({ _id: 2, x: 2, foo: 1 });
		await docs.bulkWrite([{ updateMany: { filter: {}, update: [{ $set: { bulk: true } }] } }]);
		expect(await docs.countDocuments({ bulk: true, x: { $exists: false } })).toBe(2);
	});

	it('sets $-prefixed and dotted names through $replaceWith and $setField, at the top level and embedded', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('coll');
		await docs.insertOne({ _id: 1, foo: {} });
		const setField = (field: string, input: unknown) => ({ $setField: { field: { $literal: field }, value: 1, input } });
		await docs.updateOne({ _id: 1 }, [{ $replaceWith: setField('$a', '$$ROOT') }]);
		await docs.updateOne({ _id: 1 }, [{ $replaceWith: setField('a.b', '$$ROOT') }]);
		await docs.updateOne({ _id: 1 }, [{ $set: { foo: setField('$c', '$foo') } }]);
		expect(await docs.findOne()).toEqual({ _id: 1, foo: { $c: 1 }, $a: 1, 'a.b': 1 });
		await docs.replaceOne({ _id: 1 }, { _id: 1, a: { $b: 1, 'c.d': 2 } });
		expect(await docs.findOne()).toEqual({ _id: 1, a: { $b: 1, 'c.d': 2 } });
	});
});

describe('findOneAndUpdate, findOneAndReplace, findOneAndDelete (and their -upsert, -hint, -comment)', () => {
	it('picks the first match in sort order, answering before or after, projected', async () => {
		const docs = await numbered(3);
		const options = { sort: { x: 1 }, projection: { x: 1, _id: 0 }, hint: { _id: 1 }, comment: 'spec' } as const;
		expect(await docs.findOneAndUpdate({ _id: { $gt: 1 } }, { $inc: { x: 1 } }, options)).toEqual({ x: 22 });
		expect(await docs.findOneAndUpdate({ _id: { $gt: 1 } }, { $inc: { x: 1 } }, { ...options, returnDocument: 'after' })).toEqual(
			{
				x: 24,
			},
		);
		expect(await docs.findOneAndReplace({ _id: { $gt: 1 } }, { x: 32 }, { ...options, sort: { x: -1 } })).toEqual({ x: 33 });
		expect(await docs.findOneAndDelete({ _id: { $gt: 1 } }, { sort: { x: 1 }, hint: { _id: 1 } })).toEqual({ _id: 2, x: 24 });
		expect(await docs.findOneAndUpdate({ _id: 9 }, { $inc: { x: 1 } })).toBeNull();
		expect(await docs.findOneAndReplace({ _id: 9 }, { x: 1 })).toBeNull();
		expect(await docs.findOneAndDelete({ _id: 9 })).toBeNull();
		expect(await contents(docs)).toEqual([
			{ _id: 1, x: 11 },
			{ _id: 3, x: 32 },
		]);
	});

	it('upserts a replacement with the filter _id or a new one, answering null before and the document after', async () => {
		const docs = await numbered(1);
		expect(await docs.findOneAndReplace({ _id: 4 }, { x: 44 }, { upsert: true })).toBeNull();
		expect(await docs.findOneAndReplace({ _id: 5 }, { x: 55 }, { upsert: true, returnDocument: 'after' })).toEqual({
			_id: 5,
			x: 55,
		});
		const created = await docs.findOneAndReplace({ x: 66 }, { x: 67 }, { upsert: true, returnDocument: 'after' });
		expect(created).toEqual({ _id: expect.objectContaining({ _bsontype: 'ObjectId' }), x: 67 });
		expect(await docs.countDocuments()).toBe(4);
	});
});

describe('let variables (*-let)', () => {
	const byId = { $expr: { $eq: ['$_id', '$$id'] } };

	it('are read by $expr in the filters of find, aggregate, deletes and updates, and by pipeline updates', async () => {
		const docs = await numbered(3);
		expect(await docs.find(byId, { let: { id: 2 } }).toArray()).toEqual([{ _id: 2, x: 22 }]);
		const pipeline = [{ $match: byId }, { $project: { _id: 0, label: '$$label', sum: { $add: ['$x', '$$one'] } } }];
		expect(await docs.aggregate(pipeline, { let: { id: 3, label: 'three', one: 1 } }).toArray()).toEqual([
			{ label: 'three', sum: 34 },
		]);
		await docs.updateOne(byId, [{ $set: { x: '$$value' } }], { let: { id: 1, value: 'one' } });
		await docs.updateMany({ $expr: { $gt: ['$_id', '$$min'] } }, { $set: { big: true } }, { let: { min: 1 } });
		await docs.replaceOne(byId, { x: 'replaced' }, { let: { id: 2 } });
		await docs.deleteOne(byId, { let: { id: 3 } });
		expect(await contents(docs)).toEqual([
			{ _id: 1, x: 'one' },
			{ _id: 2, x: 'replaced' },
		]);
		expect(await docs.deleteMany({ $expr: { $in: ['$x', '$$gone'] } }, { let: { gone: ['one', 'replaced'] } })).toMatchObject({
			deletedCount: 2,
		});
	});

	it('are read by findOneAndUpdate, findOneAndReplace, findOneAndDelete and bulkWrite, and evaluated as expressions', async () => {
		const docs = await numbered(3);
		const updated = await docs.findOneAndUpdate(byId, [{ $set: { x: '$$sum' } }], {
			let: { id: 1, sum: { $add: [40, 2] } },
			returnDocument: 'after',
		});
		expect(updated).toEqual({ _id: 1, x: 42 });
		expect(await docs.findOneAndReplace(byId, { x: 0 }, { let: { id: 2 } })).toEqual({ _id: 2, x: 22 });
		expect(await docs.findOneAndDelete(byId, { let: { id: 3 } })).toEqual({ _id: 3, x: 33 });
		await docs.bulkWrite([{ updateOne: { filter: byId, update: [{ $set: { x: '$$x' } }] } }], { let: { id: 2, x: 'bulk' } });
		expect(await contents(docs)).toEqual([
			{ _id: 1, x: 42 },
			{ _id: 2, x: 'bulk' },
		]);
	});
});

describe('bulkWrite (bulkWrite, bulkWrite-update-hint, bulkWrite-delete-hint, -comment)', () => {
	it('applies mixed operations in order and reports each count and id', async () => {
		const docs = await numbered(2);
		const result = await docs.bulkWrite(
			[
				{ insertOne: { document: { _id: 3, x: 33 } } },
				{ updateOne: { filter: { _id: 2 }, update: { $inc: { x: 1 } }, hint: '_id_' } },
				{ updateMany: { filter: { _id: { $gt: 1 } }, update: { $inc: { x: 1 } }, hint: { _id: 1 } } },
				{ replaceOne: { filter: { _id: 4 }, replacement: { x: 44 }, upsert: true } },
				{ deleteOne: { filter: { _id: 1 }, hint: '_id_' } },
				{ deleteMany: { filter: { _id: { $gt: 10 } } } },
			],
			{ comment: 'spec' },
		);
		expect(result).toMatchObject({
			insertedCount: 1,
			matchedCount: 3,
			modifiedCount: 3,
			upsertedCount: 1,
			deletedCount: 1,
			insertedIds: { 0: 3 },
			upsertedIds: { 3: 4 },
		});
		expect(await contents(docs)).toEqual([
			{ _id: 2, x: 24 },
			{ _id: 3, x: 34 },
			{ _id: 4, x: 44 },
		]);
	});

	it('stops an ordered bulk at a duplicate key and continues an unordered one', async () => {
		const ordered = await numbered(1);
		const operations = [
			{ insertOne: { document: { _id: 2, x: 22 } } },
			{ insertOne: { document: { _id: 1, x: 11 } } },
			{ updateOne: { filter: { _id: 2 }, update: { $set: { x: 0 } } } },
		];
		await expect(ordered.bulkWrite(operations)).rejects.toMatchObject({
			code: 11000,
			result: expect.objectContaining({ insertedCount: 1, matchedCount: 0 }),
		});
		expect((await contents(ordered)).map((doc) => doc.x)).toEqual([11, 22]);
		const unordered = await numbered(1);
		await expect(unordered.bulkWrite(operations, { ordered: false })).rejects.toMatchObject({
			writeErrors: [expect.objectContaining({ index: 1, code: 11000 })],
		});
		expect((await contents(unordered)).map((doc) => doc.x)).toEqual([11, 0]);
	});
});
