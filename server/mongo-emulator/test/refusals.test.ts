/**
 * Nothing a command is sent is silently ignored: every field is implemented, or refused with MongoDB's code and a
 * message that names it; filters and updates are parsed even when no document (or no collection) is there to match.
 */
import type { Document, UpdateFilter } from 'mongodb';
import { useEmulator, type TestDocument } from './emulator-fixture';

const fixture = useEmulator();

/** The unknown-field error of a MongoDB 7.0 server, as its command parser words it. */
function unknownField(path: string): Document {
	return { code: 40415, codeName: 'Location40415', message: `BSON field '${path}' is an unknown field.` };
}

function notSupported(field: string): Document {
	return {
		code: 2,
		codeName: 'BadValue',
		message: expect.stringMatching(new RegExp(`^'${field}' .*not supported by the mongo emulator`)),
	};
}

async function seeded() {
	const docs = fixture.freshDb().collection<TestDocument>('docs');
	await docs.insertMany([
		{ _id: 1, x: 11 },
		{ _id: 2, x: 22 },
		{ _id: 3, x: 33 },
	]);
	return docs;
}

async function contents(docs: Awaited<ReturnType<typeof seeded>>) {
	return docs.find().sort({ _id: 1 }).toArray();
}

describe('sort on update statements (MongoDB 8.0 has it; the emulator answers as 7.0)', () => {
	it('refuses updateOne and replaceOne with a sort as an unknown field, changing nothing', async () => {
		const docs = await seeded();
		await expect(docs.updateOne({ _id: { $gt: 1 } }, { $inc: { x: 1 } }, { sort: { _id: -1 } })).rejects.toMatchObject(
			unknownField('update.updates.sort'),
		);
		await expect(docs.replaceOne({ _id: { $gt: 1 } }, { x: 1 }, { sort: { _id: -1 } })).rejects.toMatchObject(
			unknownField('update.updates.sort'),
		);
		expect(await contents(docs)).toEqual([
			{ _id: 1, x: 11 },
			{ _id: 2, x: 22 },
			{ _id: 3, x: 33 },
		]);
	});

	it('fails a whole bulkWrite whose one statement has a sort, as MongoDB parses the command before it writes', async () => {
		const docs = await seeded();
		const bulk = docs.bulkWrite([
			{ updateOne: { filter: { _id: 1 }, update: { $set: { x: 0 } } } },
			{ updateOne: { filter: { _id: { $gt: 1 } }, update: { $set: { x: 0 } }, sort: { _id: -1 } } },
		]);
		await expect(bulk).rejects.toMatchObject({ code: 40415 });
		const replace = docs.bulkWrite([{ replaceOne: { filter: {}, replacement: { x: 0 }, sort: { _id: 1 } } }]);
		await expect(replace).rejects.toMatchObject({ code: 40415 });
		expect((await contents(docs)).map((doc) => doc.x)).toEqual([11, 22, 33]);
	});
});

describe('find options the emulator does not implement', () => {
	it.each([
		['returnKey', { returnKey: true }],
		['showRecordId', { showRecordId: true }],
		['min', { min: { _id: 2 }, hint: { _id: 1 } }],
		['max', { max: { _id: 2 }, hint: { _id: 1 } }],
		['noCursorTimeout', { noCursorTimeout: true }],
	])('refuses %s with BadValue', async (field, options) => {
		const docs = await seeded();
		await expect(docs.find({}, options).toArray()).rejects.toMatchObject(notSupported(field));
	});

	it('accepts those options when they ask for nothing (false), as the default', async () => {
		const docs = await seeded();
		expect(await docs.find({ _id: 1 }, { returnKey: false, showRecordId: false }).toArray()).toEqual([{ _id: 1, x: 11 }]);
	});

	it('refuses a field no MongoDB command knows with 40415, naming it', async () => {
		const db = fixture.freshDb();
		await expect(db.command({ find: 'docs', filtr: { a: 1 } })).rejects.toMatchObject(unknownField('find.filtr'));
		await expect(
			db.command({ findAndModify: 'docs', query: {}, update: { $set: { a: 1 } }, returnNew: true }),
		).rejects.toMatchObject(unknownField('findAndModify.returnNew'));
		await expect(db.command({ delete: 'docs', deletes: [{ q: {}, limit: 0, multi: true }] })).rejects.toMatchObject(
			unknownField('delete.deletes.multi'),
		);
		await expect(db.command({ create: 'docs', autoIndexID: true })).rejects.toMatchObject(unknownField('create.autoIndexID'));
		await expect(db.command({ count: 'docs', querry: {} })).rejects.toMatchObject(unknownField('count.querry'));
	});
});

describe('let variables', () => {
	it("refuses a pipeline update's constants (c) and a variable name MongoDB reserves, writing nothing", async () => {
		const docs = await seeded();
		const constants = { update: 'docs', updates: [{ q: {}, u: [{ $set: { x: '$$value' } }], c: { value: 0 } }] };
		await expect(docs.db.command(constants)).rejects.toMatchObject(notSupported('c'));
		const reserved = docs.updateOne({}, [{ $set: { x: '$$Value' } }], { let: { Value: 0 } });
		await expect(reserved).rejects.toMatchObject({
			code: 2,
			message: expect.stringContaining("'Value' starts with an invalid character"),
		});
		await expect(docs.find({}, { let: 'x' as unknown as Document }).toArray()).rejects.toMatchObject({ code: 14 });
		expect((await contents(docs)).map((doc) => doc.x)).toEqual([11, 22, 33]);
	});
});

describe('an _id with a $-prefixed field', () => {
	it('is refused with DollarPrefixedFieldName at any depth, and not stored', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		const dollarId = { _id: { $a: 1 } } as unknown as TestDocument; // the driver's types forbid what MongoDB refuses
		await expect(docs.insertOne(dollarId)).rejects.toMatchObject({
			code: 52,
			message: "_id fields may not contain '$'-prefixed fields: $a is not valid for storage.",
		});
		const nested = { _id: { a: [{ $b: 1 }] } } as unknown as TestDocument;
		await expect(docs.insertOne(nested)).rejects.toMatchObject({ code: 52, message: expect.stringContaining('$b') });
		await expect(docs.bulkWrite([{ insertOne: { document: dollarId } }])).rejects.toMatchObject({ code: 52 });
		expect(await docs.countDocuments()).toBe(0);
	});

	it('is allowed elsewhere in the document (top level or nested), and a dotted name inside _id is stored', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		const dottedId = { _id: { 'a.b': 1 }, $top: 1, nested: { $inner: 2 } } as unknown as TestDocument;
		await docs.insertOne(dottedId);
		expect(await docs.find().toArray()).toEqual([{ _id: { 'a.b': 1 }, $top: 1, nested: { $inner: 2 } }]);
	});
});

describe('filters and updates are parsed even when nothing can match', () => {
	const unknownQueryOperator = { a: { $foo: 1 } } as Document;
	const unknownUpdateOperator = { $foo: { a: 1 } } as unknown as UpdateFilter<TestDocument>;

	it('refuses an unknown query operator against a collection that does not exist', async () => {
		const db = fixture.freshDb();
		const missing = db.collection<TestDocument>('missing');
		const refused = { code: 2, message: expect.stringContaining('$foo') };
		await expect(missing.find(unknownQueryOperator).toArray()).rejects.toMatchObject(refused);
		await expect(missing.findOne(unknownQueryOperator)).rejects.toMatchObject(refused);
		await expect(missing.deleteMany(unknownQueryOperator)).rejects.toMatchObject(refused);
		await expect(missing.updateOne(unknownQueryOperator, { $set: { a: 1 } })).rejects.toMatchObject(refused);
		await expect(missing.findOneAndUpdate(unknownQueryOperator, { $set: { a: 1 } })).rejects.toMatchObject(refused);
		await expect(missing.findOneAndDelete(unknownQueryOperator)).rejects.toMatchObject(refused);
		await expect(missing.distinct('a', unknownQueryOperator)).rejects.toMatchObject(refused);
		await expect(db.command({ count: 'missing', query: unknownQueryOperator })).rejects.toMatchObject(refused);
		expect(await db.listCollections().toArray()).toEqual([]);
	});

	it('refuses an unknown update operator when no document matches, in a collection or without one', async () => {
		const docs = await seeded();
		const refused = { code: 9, message: expect.stringContaining('Unknown modifier: $foo') };
		await expect(docs.updateOne({ _id: 99 }, unknownUpdateOperator)).rejects.toMatchObject(refused);
		await expect(docs.updateMany({ _id: 99 }, unknownUpdateOperator)).rejects.toMatchObject(refused);
		await expect(docs.findOneAndUpdate({ _id: 99 }, unknownUpdateOperator)).rejects.toMatchObject(refused);
		const missing = docs.db.collection<TestDocument>('missing');
		await expect(missing.updateOne({}, unknownUpdateOperator)).rejects.toMatchObject(refused);
		await expect(missing.updateOne({}, [{ $out: 'x' }])).rejects.toMatchObject({
			code: 2,
			message: expect.stringContaining('$out'),
		});
		expect((await docs.db.listCollections().toArray()).map((info) => info.name)).toEqual(['docs']);
	});
});

describe('hint', () => {
	it('is checked against the indexes and refused for a sparse or partial index, whose answer would differ', async () => {
		const docs = await seeded();
		await docs.createIndex({ x: 1 }, { name: 'by_x' });
		await docs.createIndex({ y: 1 }, { sparse: true });
		expect(await docs.find({ x: 22 }, { hint: 'by_x' }).toArray()).toEqual([{ _id: 2, x: 22 }]);
		expect(await docs.countDocuments({}, { hint: { x: 1 } })).toBe(3);
		await expect(docs.find({}, { hint: 'nope' }).toArray()).rejects.toMatchObject({
			code: 2,
			message: 'hint provided does not correspond to an existing index',
		});
		await expect(docs.deleteOne({ x: 11 }, { hint: { nope: 1 } })).rejects.toMatchObject({ code: 2 });
		await expect(docs.find({}, { hint: { y: 1 } }).toArray()).rejects.toMatchObject({
			code: 2,
			message: expect.stringContaining('sparse or partial index y_1'),
		});
		expect(await docs.countDocuments()).toBe(3);
	});
});

describe('other refusals', () => {
	it('refuses a database aggregation and collection options it does not implement', async () => {
		const db = fixture.freshDb();
		await expect(db.aggregate([{ $documents: [{ a: 1 }] }]).toArray()).rejects.toMatchObject({
			code: 2,
			message: expect.stringContaining('aggregate: 1'),
		});
		await expect(db.createCollection('capped', { capped: true, size: 1024 })).rejects.toMatchObject(notSupported('capped'));
		await expect(db.createCollection('view', { viewOn: 'docs', pipeline: [] })).rejects.toMatchObject(notSupported('viewOn'));
	});

	it('honours the batch size of listCollections and listIndexes', async () => {
		const db = fixture.freshDb();
		await db.collection('a').createIndexes([{ key: { x: 1 } }, { key: { y: 1 } }]);
		await db.createCollection('b');
		const collections = await db.command({ listCollections: 1, cursor: { batchSize: 1 } });
		expect(collections.cursor.firstBatch).toHaveLength(1);
		const indexes = await db.command({ listIndexes: 'a', cursor: { batchSize: 2 } });
		expect(indexes.cursor.firstBatch).toHaveLength(2);
		expect(await db.collection('a').listIndexes().toArray()).toHaveLength(3);
	});
});
