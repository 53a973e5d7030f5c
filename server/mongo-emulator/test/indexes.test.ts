import { ObjectId, type Collection, type Document } from 'mongodb';
import { useEmulator, type TestDocument } from './emulator-fixture';

const fixture = useEmulator();

interface ExecutionStats {
	nReturned: number;
	totalKeysExamined: number;
	totalDocsExamined: number;
}

async function executionStats(cursor: { explain(verbosity: 'executionStats'): Promise<Document> }) {
	const explained = await cursor.explain('executionStats');
	return { plan: explained.queryPlanner.winningPlan as Document, stats: explained.executionStats as ExecutionStats };
}

/** 2,000 contacts of two owners, one created per minute. */
async function seedContacts(): Promise<{ contacts: Collection; owner: ObjectId; start: number }> {
	const contacts = fixture.freshDb().collection<TestDocument>('contacts');
	await contacts.createIndexes([{ key: { owner_id: 1, _id: 1 } }, { key: { owner_id: 1, created_at: 1 } }]);
	const owner = new ObjectId();
	const other = new ObjectId();
	const start = Date.UTC(2024, 0, 1);
	await contacts.insertMany(
		Array.from({ length: 2000 }, (_, i) => ({
			owner_id: i % 4 === 0 ? other : owner,
			is_preview: i % 10 === 0,
			created_at: new Date(start + i * 60_000),
		})),
	);
	return { contacts, owner, start };
}

describe('mongo emulator indexes', () => {
	it('lists, creates and drops indexes', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.createIndex({ a: 1, b: -1 }, { unique: true });
		await docs.createIndex({ expire: 1 }, { expireAfterSeconds: 3600 });
		expect(await docs.listIndexes().toArray()).toEqual([
			{ v: 2, key: { _id: 1 }, name: '_id_' },
			{ v: 2, key: { a: 1, b: -1 }, name: 'a_1_b_-1', unique: true },
			{ v: 2, key: { expire: 1 }, name: 'expire_1', expireAfterSeconds: 3600 },
		]);
		await docs.dropIndex('a_1_b_-1');
		await docs.dropIndexes();
		expect((await docs.listIndexes().toArray()).map((index) => index.name)).toEqual(['_id_']);
	});

	it('reads only the matching keys for an equality and range on an index prefix', async () => {
		const { contacts, owner, start } = await seedContacts();
		const filter = { owner_id: owner, created_at: { $gte: new Date(start + 100 * 60_000), $lt: new Date(start + 200 * 60_000) } };
		const { plan, stats } = await executionStats(contacts.find(filter));
		expect(plan).toMatchObject({ stage: 'FETCH', inputStage: { stage: 'IXSCAN', indexName: 'owner_id_1_created_at_1' } });
		expect(stats).toMatchObject({ nReturned: 75, totalKeysExamined: 75, totalDocsExamined: 75 });
	});

	it('walks an index in sort order and stops after skip + limit', async () => {
		const { contacts, owner } = await seedContacts();
		const cursor = contacts.find({ owner_id: owner, is_preview: false }).sort({ _id: -1 }).skip(10).limit(5);
		const { plan, stats } = await executionStats(cursor);
		expect(plan).toMatchObject({ inputStage: { indexName: 'owner_id_1__id_1' } });
		expect(stats.nReturned).toBe(5);
		expect(stats.totalKeysExamined).toBeLessThan(30);
		const ids = (await cursor.toArray()).map((doc) => doc._id.toHexString());
		expect(ids).toEqual([...ids].sort().reverse());
	});

	it('counts from the index alone when its bounds are exactly the filter', async () => {
		const { contacts, owner, start } = await seedContacts();
		const filter = { owner_id: owner, created_at: { $gte: new Date(start), $lte: new Date(start + 999 * 60_000) } };
		expect(await contacts.countDocuments(filter)).toBe(750);
		const explained = await contacts.db.command({
			explain: {
				aggregate: contacts.collectionName,
				pipeline: [{ $match: filter }, { $group: { _id: 1, n: { $sum: 1 } } }],
				cursor: {},
			},
			verbosity: 'executionStats',
		});
		expect(explained.queryPlanner.winningPlan).toMatchObject({ stage: 'COUNT_SCAN' });
		expect(explained.executionStats).toMatchObject({ totalDocsExamined: 0 });
		expect(await contacts.countDocuments({ ...filter, is_preview: false })).toBe(700);
	});

	it('pages an aggregation through the index when $sort, $skip and $limit follow the $match', async () => {
		const { contacts, owner } = await seedContacts();
		const pipeline = [
			{ $match: { owner_id: owner } },
			{ $sort: { _id: 1 } },
			{ $skip: 20 },
			{ $limit: 10 },
			{ $project: { _id: 1 } },
		];
		const explained = await contacts.db.command({
			explain: { aggregate: contacts.collectionName, pipeline, cursor: {} },
			verbosity: 'executionStats',
		});
		expect(explained.executionStats).toMatchObject({ nReturned: 10, totalKeysExamined: 30 });
		const page = await contacts.aggregate(pipeline).toArray();
		const expected = await contacts
			.find({ owner_id: owner }, { projection: { _id: 1 } })
			.sort({ _id: 1 })
			.skip(20)
			.limit(10)
			.toArray();
		expect(page).toEqual(expected);
	});

	it('looks up _id with the _id index and $in lists with one range per value', async () => {
		const { contacts } = await seedContacts();
		const ids = (
			await contacts
				.find({}, { projection: { _id: 1 } })
				.limit(3)
				.toArray()
		).map((doc) => doc._id);
		const { stats } = await executionStats(contacts.find({ _id: { $in: ids } }));
		expect(stats).toMatchObject({ nReturned: 3, totalKeysExamined: 3 });
	});

	it('scans the collection when no index applies', async () => {
		const { contacts } = await seedContacts();
		const { plan, stats } = await executionStats(contacts.find({ is_preview: true }));
		expect(plan).toEqual({ stage: 'COLLSCAN' });
		expect(stats).toMatchObject({ nReturned: 200, totalDocsExamined: 2000 });
	});

	it('indexes array elements (multikey) without losing matches', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.createIndex({ tags: 1 });
		await docs.insertMany([{ tags: ['a', 'b'] }, { tags: ['b'] }, { tags: 'a' }, { tags: [1, 10] }]);
		expect(await docs.countDocuments({ tags: 'a' })).toBe(2);
		expect(await docs.countDocuments({ tags: { $gt: 4, $lt: 6 } })).toBe(1);
		expect(await docs.find({ tags: 'b' }).toArray()).toHaveLength(2);
		await expect(docs.createIndex({ tags: 1, other: 1 })).resolves.toBe('tags_1_other_1');
		await expect(docs.insertOne({ tags: [1], other: [2] })).rejects.toMatchObject({ code: 171 });
	});

	it('keeps indexes in step with updates and deletes', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.createIndex({ k: 1 }, { unique: true });
		await docs.insertMany([
			{ _id: 1, k: 'a' },
			{ _id: 2, k: 'b' },
		]);
		await docs.updateOne({ _id: 1 }, { $set: { k: 'c' } });
		await docs.deleteOne({ _id: 2 });
		await docs.insertMany([
			{ _id: 3, k: 'a' },
			{ _id: 4, k: 'b' },
		]);
		expect(
			await docs
				.find({ k: { $in: ['a', 'b', 'c'] } })
				.sort({ k: 1 })
				.toArray(),
		).toEqual([
			{ _id: 3, k: 'a' },
			{ _id: 4, k: 'b' },
			{ _id: 1, k: 'c' },
		]);
	});

	it('moves a document in and out of a partial index when only a field of its filter changes', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.createIndex({ k: 1 }, { unique: true, partialFilterExpression: { $or: [{ live: true }, { pinned: true }] } });
		await docs.insertMany([
			{ _id: 1, k: 'a', live: true },
			{ _id: 2, k: 'a', live: false },
		]);
		await docs.updateOne({ _id: 1 }, { $set: { live: false, note: 'left' } });
		await docs.updateOne({ _id: 2 }, { $set: { pinned: true } });
		await expect(docs.updateOne({ _id: 1 }, { $set: { live: true } })).rejects.toMatchObject({ code: 11000 });
		await docs.updateOne({ _id: 2 }, { $unset: { pinned: '' } });
		await docs.updateOne({ _id: 1 }, { $set: { live: true } });
		expect(await docs.find({ k: 'a', $or: [{ live: true }, { pinned: true }] }).toArray()).toEqual([
			{ _id: 1, k: 'a', live: true, note: 'left' },
		]);
	});

	it('removes documents past their TTL before answering', async () => {
		const sessions = fixture.freshDb().collection<TestDocument>('sessions');
		await sessions.createIndex({ expire: -1 }, { expireAfterSeconds: 0 });
		await sessions.insertMany([
			{ _id: 'old', expire: new Date(Date.now() - 60_000) },
			{ _id: 'new', expire: new Date(Date.now() + 60_000) },
			{ _id: 'none' },
		]);
		expect((await sessions.find().sort({ _id: 1 }).toArray()).map((doc) => doc._id)).toEqual(['new', 'none']);
	});
});
