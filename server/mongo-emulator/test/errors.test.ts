import { Long, MongoBulkWriteError, MongoServerError, type UpdateFilter } from 'mongodb';
import { useEmulator, type TestDocument } from './emulator-fixture';

const fixture = useEmulator();

describe('mongo emulator errors', () => {
	it('reports unique index violations as E11000 with keyPattern and keyValue', async () => {
		const users = fixture.freshDb().collection<TestDocument>('users');
		await users.createIndex({ email: 1 }, { unique: true });
		await users.insertOne({ email: 'a@x' });
		const error = await users.insertOne({ email: 'a@x' }).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(MongoServerError);
		expect(error).toMatchObject({
			code: 11000,
			keyPattern: { email: 1 },
			keyValue: { email: 'a@x' },
			message: `E11000 duplicate key error collection: ${users.dbName}.users index: email_1 dup key: { email: "a@x" }`,
		});
	});

	it('enforces compound unique indexes and treats a missing field as null', async () => {
		const members = fixture.freshDb().collection<TestDocument>('members');
		await members.createIndex({ team: 1, user: 1 }, { unique: true });
		await members.insertMany([{ team: 1, user: 1 }, { team: 1, user: 2 }, { team: 2, user: 1 }, { team: 3 }]);
		await expect(members.insertOne({ team: 1, user: 2 })).rejects.toMatchObject({ code: 11000, keyValue: { team: 1, user: 2 } });
		await expect(members.insertOne({ team: 3, user: null })).rejects.toMatchObject({
			code: 11000,
			keyValue: { team: 3, user: null },
		});
	});

	it('applies partial and sparse unique indexes only to the documents they cover', async () => {
		const db = fixture.freshDb();
		const accounts = db.collection<TestDocument>('accounts');
		await accounts.createIndex({ login: 1 }, { unique: true, partialFilterExpression: { active: true } });
		await accounts.insertMany([{ login: 'a', active: true }, { login: 'a', active: false }, { login: 'a' }]);
		await expect(accounts.insertOne({ login: 'a', active: true })).rejects.toMatchObject({ code: 11000 });
		const sparse = db.collection<TestDocument>('sparse');
		await sparse.createIndex({ code: 1 }, { unique: true, sparse: true });
		await sparse.insertMany([{}, {}, { code: 1 }]);
		await expect(sparse.insertOne({ code: 1 })).rejects.toMatchObject({ code: 11000 });
	});

	it('reports writeErrors per document and stops ordered batches at the first one', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		const ordered = await docs.insertMany([{ _id: 1 }, { _id: 1 }, { _id: 2 }]).catch((caught: unknown) => caught);
		expect(ordered).toBeInstanceOf(MongoBulkWriteError);
		expect(ordered).toMatchObject({ insertedCount: 1, writeErrors: [expect.objectContaining({ index: 1, code: 11000 })] });
		const unordered = await docs.insertMany([{ _id: 1 }, { _id: 3 }], { ordered: false }).catch((caught: unknown) => caught);
		expect(unordered).toMatchObject({ insertedCount: 1 });
		expect(await docs.countDocuments()).toBe(2);
	});

	it('fails findOneAndUpdate and updates with E11000 when they would duplicate a key', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.createIndex({ key: 1 }, { unique: true });
		await docs.insertMany([{ key: 'a' }, { key: 'b' }]);
		await expect(docs.findOneAndUpdate({ key: 'b' }, { $set: { key: 'a' } })).rejects.toMatchObject({
			code: 11000,
			keyPattern: { key: 1 },
			keyValue: { key: 'a' },
		});
		await expect(
			docs.updateOne({ key: 'c' }, { $set: { n: 1 }, $setOnInsert: { key: 'a' } }, { upsert: true }),
		).rejects.toMatchObject({
			code: 11000,
		});
		expect(
			await docs
				.find({}, { projection: { _id: 0 } })
				.sort({ key: 1 })
				.toArray(),
		).toEqual([{ key: 'a' }, { key: 'b' }]);
	});

	it('refuses to build a unique index over duplicates', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.insertMany([{ k: 1 }, { k: 1 }]);
		await expect(docs.createIndex({ k: 1 }, { unique: true })).rejects.toMatchObject({ code: 11000 });
		expect((await docs.listIndexes().toArray()).map((index) => index.name)).toEqual(['_id_']);
	});

	it('rejects $inc on a non-number with TypeMismatch', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.insertOne({ _id: 1, name: 'x' });
		await expect(docs.updateOne({ _id: 1 }, { $inc: { name: 1 } })).rejects.toMatchObject({
			code: 14,
			message: expect.stringContaining('non-numeric'),
		});
		const stringIncrement = { $inc: { n: 'one' } } as unknown as UpdateFilter<TestDocument>; // deliberately ill-typed
		await expect(docs.updateOne({ _id: 1 }, stringIncrement)).rejects.toMatchObject({ code: 14 });
	});

	it('rejects unknown query and update operators with a clear error instead of guessing', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.insertOne({ a: 1 });
		await expect(docs.find({ a: { $near: [0, 0] } }).toArray()).rejects.toMatchObject({
			code: 2,
			message: expect.stringContaining('$near'),
		});
		await expect(docs.updateOne({}, { $foo: { a: 1 } })).rejects.toMatchObject({
			code: 9,
			message: expect.stringContaining('$foo'),
		});
		await expect(docs.aggregate([{ $out: 'elsewhere' }]).toArray()).rejects.toMatchObject({ code: 2 });
		await expect(docs.find({}, { collation: { locale: 'fr' } }).toArray()).rejects.toMatchObject({ code: 2 });
		await expect(docs.createIndex({ a: 'text' })).rejects.toMatchObject({ code: 2 });
	});

	it('rejects conflicting update operators and changes of _id', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.insertOne({ _id: 1, a: 1 });
		await expect(docs.updateOne({ _id: 1 }, { $set: { a: 2 }, $inc: { a: 1 } })).rejects.toMatchObject({ code: 40 });
		await expect(docs.updateOne({ _id: 1 }, { $set: { _id: 2 } })).rejects.toMatchObject({ code: 66 });
		await expect(docs.replaceOne({ _id: 1 }, { _id: 2, a: 1 })).rejects.toMatchObject({ code: 66 });
	});

	it('rejects transaction fields with IllegalOperation', async () => {
		const command = { insert: 'docs', documents: [{}], txnNumber: Long.fromNumber(1), autocommit: false, startTransaction: true };
		await expect(fixture.freshDb().command(command)).rejects.toMatchObject({ code: 20, codeName: 'IllegalOperation' });
	});

	it('reports index conflicts like mongod', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.createIndex({ a: 1 }, { name: 'by_a' });
		await expect(docs.createIndex({ a: 1 }, { name: 'by_a' })).resolves.toBe('by_a');
		await expect(docs.createIndex({ a: 1 }, { name: 'other' })).rejects.toMatchObject({ code: 85 });
		await expect(docs.createIndex({ b: 1 }, { name: 'by_a' })).rejects.toMatchObject({ code: 86 });
		await expect(docs.dropIndex('missing')).rejects.toMatchObject({ code: 27 });
		await expect(docs.dropIndex('_id_')).rejects.toMatchObject({ code: 72 });
	});
});
