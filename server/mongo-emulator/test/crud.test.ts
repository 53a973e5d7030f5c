import {
	Binary,
	BSONRegExp,
	BSONSymbol,
	Code,
	DBRef,
	Decimal128,
	Double,
	Int32,
	Long,
	MaxKey,
	MinKey,
	ObjectId,
	Timestamp,
} from 'mongodb';
import { useEmulator, type TestDocument } from './emulator-fixture';

const fixture = useEmulator();

describe('mongo emulator CRUD', () => {
	it('inserts with generated ObjectIds and finds with filter, sort, skip, limit and projection', async () => {
		const people = fixture.freshDb().collection<TestDocument>('people');
		const { insertedIds } = await people.insertMany([
			{ name: 'ann', age: 31, city: 'Oslo' },
			{ name: 'bob', age: 25, city: 'Rome' },
			{ name: 'cid', age: 47, city: 'Oslo' },
			{ name: 'dee', age: 38, city: 'Oslo' },
		]);
		expect(insertedIds[0]).toBeInstanceOf(ObjectId);
		const found = await people
			.find({ city: 'Oslo', age: { $gte: 30 } }, { projection: { _id: 0, name: 1 } })
			.sort({ age: -1 })
			.skip(1)
			.limit(2)
			.toArray();
		expect(found).toEqual([{ name: 'dee' }, { name: 'ann' }]);
		expect(await people.findOne({ name: 'bob' }, { projection: { age: 0, city: 0 } })).toEqual({
			_id: insertedIds[1],
			name: 'bob',
		});
	});

	it('keeps every BSON type exactly through a projection of top-level fields', async () => {
		const values = fixture.freshDb().collection<TestDocument>('values');
		const doc = {
			_id: 1,
			double: new Double(1.5),
			string: 'ünïcode',
			embedded: { a: [1, { b: 2 }] },
			array: [new Long(7), 'x'],
			binary: new Binary(Buffer.from([1, 2, 3]), 4),
			objectId: new ObjectId(),
			boolean: true,
			date: new Date(1_700_000_000_000),
			null: null,
			regex: new BSONRegExp('^a.c$', 'i'),
			code: new Code('x + 1'),
			symbol: new BSONSymbol('sym'),
			codeWithScope: new Code('x + y', { y: 1 }),
			int32: new Int32(-4),
			timestamp: new Timestamp({ t: 5, i: 6 }),
			int64: Long.fromString('9007199254740993'),
			decimal: Decimal128.fromString('1.10'),
			ref: new DBRef('elsewhere', new ObjectId()),
			minKey: new MinKey(),
			maxKey: new MaxKey(),
			dropped: 'gone',
		};
		await values.insertOne(doc);
		const exact = { promoteValues: false, promoteLongs: false, bsonRegExp: true } as const;
		const { dropped: _dropped, ...kept } = doc;
		const whole: TestDocument = (await values.findOne({}, exact)) ?? {};
		expect(whole.dropped).toBe('gone');
		const { dropped: _alsoDropped, ...wholeKept } = whole;
		expect(await values.findOne({}, { projection: { dropped: 0 }, ...exact })).toStrictEqual(wholeKept);
		expect(Object.keys((await values.findOne({}, { projection: { dropped: 0 } })) ?? {})).toEqual(Object.keys(kept));
		expect(await values.findOne({}, { projection: { int64: 1, decimal: 1, regex: 1, _id: 0 }, ...exact })).toEqual({
			regex: doc.regex,
			int64: doc.int64,
			decimal: doc.decimal,
		});
	});

	it('applies update operators', async () => {
		interface Doc {
			_id: number;
			n: number;
			tags: string[];
			set?: string[];
			items: Array<{ k: string; v: number }>;
			old?: number;
			low: number;
			high: number;
			touched?: Date;
		}
		const docs = fixture.freshDb().collection<Doc>('docs');
		await docs.insertOne({
			_id: 1,
			n: 5,
			tags: ['a'],
			items: [
				{ k: 'x', v: 1 },
				{ k: 'y', v: 2 },
			],
			old: 1,
			low: 10,
			high: 10,
		});
		const result = await docs.updateOne(
			{ _id: 1, 'items.k': 'y' },
			{
				$inc: { n: 2, 'items.$.v': 10 },
				$push: { tags: { $each: ['b', 'c'] } },
				$addToSet: { set: 'a' },
				$rename: { old: 'renamed' },
				$min: { low: 3 },
				$max: { high: 20 },
				$currentDate: { touched: true },
				$set: { 'nested.deep': true },
			},
		);
		expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
		await docs.updateOne({ _id: 1 }, { $pull: { tags: 'b' }, $unset: { renamed: '' } });
		const doc = await docs.findOne({ _id: 1 });
		expect(doc).toMatchObject({
			n: 7,
			tags: ['a', 'c'],
			set: ['a'],
			items: [
				{ k: 'x', v: 1 },
				{ k: 'y', v: 12 },
			],
			low: 3,
			high: 20,
			nested: { deep: true },
		});
		expect(doc?.touched).toBeInstanceOf(Date);
		expect(doc).not.toHaveProperty('renamed');
	});

	it('sets and unsets fields of embedded documents in place, creating the documents on the way, and increments them', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('embedded');
		await docs.insertOne({ _id: 1, window: { endsAt: 5, calls: 1, note: 'x' }, other: { kept: true }, last: 1 });
		const before = await docs.findOne({ _id: 1 });
		await docs.updateOne({ _id: 1 }, { $inc: { 'window.calls': 1 }, $set: { 'window.added': 'y', 'made.on.way': 2 } });
		await docs.updateOne({ _id: 1 }, { $unset: { 'window.note': '', 'missing.field': '' } });
		const doc = await docs.findOne({ _id: 1 });
		// Field order matters to a client comparing documents: changed fields stay, new ones follow.
		expect(JSON.stringify(doc)).toBe(
			JSON.stringify({
				_id: 1,
				window: { endsAt: 5, calls: 2, added: 'y' },
				other: { kept: true },
				last: 1,
				made: { on: { way: 2 } },
			}),
		);
		expect(before).toEqual({ _id: 1, window: { endsAt: 5, calls: 1, note: 'x' }, other: { kept: true }, last: 1 });
	});

	it('updates array elements selected by arrayFilters, and many documents with multi', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.insertMany([
			{ _id: 1, grades: [80, 95, 100], group: 'a' },
			{ _id: 2, grades: [70, 99], group: 'a' },
		]);
		await docs.updateMany({ group: 'a' }, { $set: { 'grades.$[high]': 90 } }, { arrayFilters: [{ high: { $gte: 95 } }] });
		expect(await docs.find().sort({ _id: 1 }).toArray()).toEqual([
			{ _id: 1, grades: [80, 90, 90], group: 'a' },
			{ _id: 2, grades: [70, 90], group: 'a' },
		]);
	});

	it('reports matched but unmodified documents', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.insertOne({ _id: 1, a: 1 });
		await expect(docs.updateOne({ _id: 1 }, { $set: { a: 1 } })).resolves.toMatchObject({ matchedCount: 1, modifiedCount: 0 });
		await expect(docs.updateOne({ _id: 2 }, { $set: { a: 1 } })).resolves.toMatchObject({ matchedCount: 0, modifiedCount: 0 });
	});

	it('upserts: equality fields of the filter, then $set and $setOnInsert', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		const first = await docs.updateOne(
			{ email: 'a@x', kind: { $eq: 'user' }, age: { $gt: 1 } },
			{ $set: { seen: 1 }, $setOnInsert: { created: 'now' } },
			{ upsert: true },
		);
		expect(first.upsertedId).toBeInstanceOf(ObjectId);
		await docs.updateOne({ email: 'a@x' }, { $set: { seen: 2 }, $setOnInsert: { created: 'later' } }, { upsert: true });
		expect(await docs.find({}, { projection: { _id: 0 } }).toArray()).toEqual([
			{ email: 'a@x', kind: 'user', seen: 2, created: 'now' },
		]);
	});

	it('replaces documents, keeping _id, and upserts a replacement with the filter _id', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.insertOne({ _id: 1, a: 1, b: 2 });
		await docs.replaceOne({ _id: 1 }, { c: 3 });
		await docs.replaceOne({ _id: 2, x: 'ignored' }, { d: 4 }, { upsert: true });
		expect(await docs.find().sort({ _id: 1 }).toArray()).toEqual([
			{ _id: 1, c: 3 },
			{ _id: 2, d: 4 },
		]);
	});

	it('applies aggregation-pipeline updates', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.insertOne({ _id: 1, points: 2, limit: 5 });
		await docs.updateOne({ _id: 1 }, [
			{ $set: { points: { $add: ['$points', 3] }, full: { $gte: [{ $add: ['$points', 3] }, '$limit'] } } },
		]);
		expect(await docs.findOne({ _id: 1 })).toEqual({ _id: 1, points: 5, limit: 5, full: true });
	});

	it('deletes one or many', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.insertMany([{ k: 1 }, { k: 1 }, { k: 1 }, { k: 2 }]);
		await expect(docs.deleteOne({ k: 1 })).resolves.toMatchObject({ deletedCount: 1 });
		await expect(docs.deleteMany({ k: 1 })).resolves.toMatchObject({ deletedCount: 2 });
		expect(await docs.countDocuments()).toBe(1);
	});

	it('findOneAndUpdate returns the document before or after, upserts, and respects sort and projection', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.insertMany([
			{ _id: 1, q: 'a', n: 1 },
			{ _id: 2, q: 'a', n: 2 },
		]);
		const before = await docs.findOneAndUpdate({ q: 'a' }, { $inc: { n: 10 } }, { sort: { n: -1 }, returnDocument: 'before' });
		expect(before).toEqual({ _id: 2, q: 'a', n: 2 });
		const after = await docs.findOneAndUpdate(
			{ q: 'a' },
			{ $inc: { n: 10 } },
			{ sort: { n: 1 }, returnDocument: 'after', projection: { n: 1 } },
		);
		expect(after).toEqual({ _id: 1, n: 11 });
		const upserted = await docs.findOneAndUpdate(
			{ q: 'b' },
			{ $setOnInsert: { n: 0 } },
			{ upsert: true, returnDocument: 'after' },
		);
		expect(upserted).toMatchObject({ q: 'b', n: 0 });
		const notUpserted = await docs.findOneAndUpdate({ q: 'c' }, { $set: { n: 0 } }, { upsert: true, returnDocument: 'before' });
		expect(notUpserted).toBeNull();
	});

	it('findOneAndUpdate answers with the stored document before or after, whole or projected, as find answers', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.insertOne({ _id: 1, small: Long.fromNumber(5), double: new Double(2), name: 'a', nested: { x: 1, y: 2 } });
		const exact = { promoteValues: false, promoteLongs: false } as const;
		const stored = await docs.findOne({ _id: 1 }, exact);
		expect(stored?.name).toBe('a');
		const before = await docs.findOneAndUpdate({ _id: 1 }, { $set: { name: 'b' } }, { returnDocument: 'before', ...exact });
		expect(before).toStrictEqual(stored);
		const updated = await docs.findOne({ _id: 1 }, exact);
		const kept = await docs.findOneAndUpdate(
			{ _id: 1 },
			{ $set: { name: 'c' } },
			{ returnDocument: 'before', projection: { double: 1, small: 1 }, ...exact },
		);
		expect(kept).toStrictEqual({ _id: updated?._id, small: updated?.small, double: updated?.double });
		const after = await docs.findOneAndUpdate({ _id: 1 }, { $set: { name: 'd' } }, { returnDocument: 'after', ...exact });
		expect(after).toStrictEqual(await docs.findOne({ _id: 1 }, exact));
		const embedded = await docs.findOneAndUpdate(
			{ _id: 1 },
			{ $set: { name: 'e' } },
			{ returnDocument: 'after', projection: { _id: 0, name: 1, 'nested.y': 1 } },
		);
		expect(embedded).toEqual({ name: 'e', nested: { y: 2 } });
		// Sorted and filtered by fields the update leaves alone.
		await docs.insertMany([
			{ _id: 2, group: 'g', rank: 2, name: 'x' },
			{ _id: 3, group: 'g', rank: 3, name: 'y' },
		]);
		const top = await docs.findOneAndUpdate(
			{ group: 'g' },
			{ $set: { name: 'top' } },
			{ sort: { rank: -1 }, returnDocument: 'after' },
		);
		expect(top).toEqual({ _id: 3, group: 'g', rank: 3, name: 'top' });
	});

	it('findOneAndDelete and findOneAndReplace', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.insertMany([
			{ _id: 1, n: 1 },
			{ _id: 2, n: 2 },
		]);
		expect(await docs.findOneAndDelete({}, { sort: { n: -1 } })).toEqual({ _id: 2, n: 2 });
		expect(await docs.findOneAndReplace({ _id: 1 }, { m: 1 }, { returnDocument: 'after' })).toEqual({ _id: 1, m: 1 });
		expect(await docs.findOneAndDelete({ _id: 3 })).toBeNull();
	});

	it('counts, estimates and lists distinct values', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.insertMany([{ t: ['a', 'b'] }, { t: 'b' }, { t: 'c', skip: true }, {}]);
		expect(await docs.countDocuments({ skip: { $exists: false } })).toBe(3);
		expect(await docs.countDocuments({}, { skip: 1, limit: 2 })).toBe(2);
		expect(await docs.estimatedDocumentCount()).toBe(4);
		expect(await docs.distinct('t')).toEqual(['a', 'b', 'c']);
		expect(await docs.distinct('t', { skip: true })).toEqual(['c']);
	});

	it('aggregates with $match, $group, $sort, $project, $count, $unwind and $lookup', async () => {
		const db = fixture.freshDb();
		await db.collection<TestDocument>('orders').insertMany([
			{ customer: 1, total: 10, items: ['x', 'y'] },
			{ customer: 1, total: 5, items: ['x'] },
			{ customer: 2, total: 7, items: [] },
		]);
		await db.collection<TestDocument>('customers').insertMany([
			{ _id: 1, name: 'ann' },
			{ _id: 2, name: 'bob' },
		]);
		const totals = await db
			.collection<TestDocument>('orders')
			.aggregate([
				{ $match: { total: { $gt: 1 } } },
				{ $group: { _id: '$customer', sum: { $sum: '$total' } } },
				{ $sort: { sum: -1 } },
				{ $lookup: { from: 'customers', localField: '_id', foreignField: '_id', as: 'customer' } },
				{ $project: { _id: 0, sum: 1, name: { $first: '$customer.name' } } },
			])
			.toArray();
		expect(totals).toEqual([
			{ sum: 15, name: 'ann' },
			{ sum: 7, name: 'bob' },
		]);
		const items = await db
			.collection<TestDocument>('orders')
			.aggregate([{ $unwind: '$items' }, { $count: 'n' }])
			.toArray();
		expect(items).toEqual([{ n: 3 }]);
	});

	it('$unionWith appends the output of another pipeline, planned and counted as an aggregation of its own', async () => {
		const db = fixture.freshDb();
		const items = db.collection<TestDocument>('items');
		await items.createIndex({ list: 1, _id: 1 });
		await items.insertMany([1, 2, 3, 4, 5].map((n) => ({ _id: n, list: n % 2, big: Long.fromNumber(n) })));
		await db.collection<TestDocument>('notes').insertMany([{ _id: 'a', text: 'x' }]);
		// A page of a list and the count of the whole list, in one command.
		const page = await items
			.aggregate([
				{ $match: { list: 1 } },
				{ $sort: { _id: -1 } },
				{ $skip: 1 },
				{ $limit: 1 },
				{ $unionWith: { coll: 'items', pipeline: [{ $match: { list: 1 } }, { $group: { _id: null, n: { $sum: 1 } } }] } },
			])
			.toArray();
		expect(page).toEqual([
			{ _id: 3, list: 1, big: 3 },
			{ _id: null, n: 3 },
		]);
		expect(await items.aggregate([{ $match: { _id: 2 } }, { $project: { _id: 1 } }, { $unionWith: 'notes' }]).toArray()).toEqual([
			{ _id: 2 },
			{ _id: 'a', text: 'x' },
		]);
		// A missing collection adds nothing; a union's pipeline may do anything a pipeline does.
		expect(
			await items.aggregate([{ $match: { _id: 1 } }, { $unionWith: 'missing' }, { $project: { _id: 1 } }]).toArray(),
		).toEqual([{ _id: 1 }]);
		const grouped = [{ $group: { _id: '$list', n: { $sum: 1 } } }, { $sort: { _id: 1 } }];
		expect(
			await db
				.collection('notes')
				.aggregate([{ $unionWith: { coll: 'items', pipeline: grouped } }])
				.toArray(),
		).toEqual([
			{ _id: 'a', text: 'x' },
			{ _id: 0, n: 2 },
			{ _id: 1, n: 3 },
		]);
		await expect(items.aggregate([{ $unionWith: { coll: 'notes', let: {} } }]).toArray()).rejects.toMatchObject({ code: 40415 });
		await expect(items.aggregate([{ $unionWith: 5 }]).toArray()).rejects.toMatchObject({ code: 9 });
		await expect(items.aggregate([{ $unionWith: { coll: 'notes', pipeline: {} } }]).toArray()).rejects.toMatchObject({
			code: 14,
		});
	});

	it('never lets callers or aggregation stages change stored documents', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		const input = { _id: 1, nested: { a: 1 } };
		await docs.insertOne(input);
		input.nested.a = 99;
		await docs.aggregate([{ $set: { 'nested.a': 2, extra: true } }]).toArray();
		expect(await docs.findOne({ _id: 1 })).toEqual({ _id: 1, nested: { a: 1 } });
	});

	it('manages collections and databases', async () => {
		const db = fixture.freshDb();
		await db.createCollection('a');
		await expect(db.createCollection('a')).rejects.toMatchObject({ code: 48, codeName: 'NamespaceExists' });
		await db.collection<TestDocument>('b').insertOne({});
		expect((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort()).toEqual(['a', 'b']);
		expect(await db.listCollections({ name: 'b' }).toArray()).toEqual([
			expect.objectContaining({ name: 'b', type: 'collection' }),
		]);
		await expect(db.collection<TestDocument>('b').drop()).resolves.toBe(true);
		const { databases } = await fixture.client().db('admin').admin().listDatabases();
		expect(databases.map((database) => database.name)).toContain(db.databaseName);
		await db.dropDatabase();
		expect(await db.listCollections().toArray()).toEqual([]);
	});
});
