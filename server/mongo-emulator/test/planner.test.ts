/** Query plans seen through `explain`: partial and sparse indexes, type-bracketed ranges, and skips by position. */
import { Double, Int32, Long, ObjectId, type Db, type Document } from 'mongodb';
import { useEmulator, type TestDocument } from './emulator-fixture';

const fixture = useEmulator();
const scanFixture = useEmulator({ planner: 'scan' });

interface Explained {
	plan: Document;
	stats: { nReturned: number; totalKeysExamined: number; totalDocsExamined: number };
}

async function explain(db: Db, command: Document): Promise<Explained> {
	const explained = await db.command({ explain: command, verbosity: 'executionStats' });
	return { plan: explained.queryPlanner.winningPlan, stats: explained.executionStats };
}

const indexNameOf = ({ plan }: Explained): string | undefined => plan.indexName ?? plan.inputStage?.indexName;

/** Contacts as the app stores them (models/contact.ts): a live contact holds messengerKey, a deleted one does not. */
async function seedContacts(db: Db, count: number) {
	const contacts = db.collection<TestDocument>('contacts');
	await contacts.createIndex(
		{ botId: 1, messenger: 1, messengerKey: 1 },
		{ unique: true, partialFilterExpression: { messengerKey: { $exists: true } } },
	);
	await contacts.createIndex({ botId: 1, isPreview: 1, deletedAt: 1, _id: 1 });
	await contacts.createIndex({ botId: 1, isPreview: 1, deletedAt: 1, createdAt: 1 });
	const start = Date.UTC(2024, 0, 1);
	await contacts.insertMany(
		Array.from({ length: count }, (_, i) => {
			const deleted = i % 10 === 9;
			const messengerId = String(1000 + (i % 100));
			return {
				_id: i + 1,
				botId: 1,
				messenger: 'telegram',
				messengerId,
				...(!deleted && i < 100 && { messengerKey: messengerId }),
				isPreview: false,
				deletedAt: deleted ? new Date(start) : null,
				createdAt: new Date(start + i * 60_000),
			};
		}),
	);
	return { contacts, start };
}

describe('mongo emulator query planner', () => {
	describe('partial and sparse indexes', () => {
		it("answers the app's contact lookup from the partial unique index", async () => {
			const db = fixture.freshDb();
			await seedContacts(db, 3000);
			const lookup = { botId: 1, messenger: 'telegram', messengerKey: '1042' };
			const explained = await explain(db, { find: 'contacts', filter: lookup, limit: 1 });
			expect(indexNameOf(explained)).toBe('botId_1_messenger_1_messengerKey_1');
			expect(explained.stats).toMatchObject({ nReturned: 1, totalKeysExamined: 1, totalDocsExamined: 1 });
			const updated = await db
				.collection('contacts')
				.findOneAndUpdate(lookup, { $set: { name: 'Found' } }, { returnDocument: 'after' });
			expect(updated).toMatchObject({ _id: 43, messengerKey: '1042', name: 'Found' });
		});

		it('uses the partial index for $in and ranges of non-null values', async () => {
			const db = fixture.freshDb();
			await seedContacts(db, 3000);
			for (const messengerKey of [{ $in: ['1001', '1002'] }, { $gte: '1090' }, { $exists: true }]) {
				const filter = { botId: 1, messenger: 'telegram', messengerKey };
				const explained = await explain(db, { find: 'contacts', filter });
				expect(indexNameOf(explained)).toBe('botId_1_messenger_1_messengerKey_1');
				expect(explained.stats.totalDocsExamined).toBe(explained.stats.nReturned);
			}
		});

		it('does not use the partial index when the query may match documents outside it', async () => {
			const db = fixture.freshDb();
			const { contacts } = await seedContacts(db, 3000);
			// 2,900 contacts past the 100th and the 10 deleted ones among the first 100 have no messengerKey.
			for (const messengerKey of [null, { $exists: false }, { $in: ['1001', null] }, { $ne: '1001' }]) {
				const filter = { botId: 1, messenger: 'telegram', messengerKey };
				expect(indexNameOf(await explain(db, { find: 'contacts', filter }))).not.toBe('botId_1_messenger_1_messengerKey_1');
			}
			expect(await contacts.countDocuments({ botId: 1, messengerKey: null })).toBe(2910);
			expect(await contacts.countDocuments({ botId: 1, messengerKey: { $exists: false } })).toBe(2910);
			expect(await contacts.countDocuments({ botId: 1, messengerKey: { $in: ['1001', null] } })).toBe(2911);
		});

		it('uses a partial index with a range filter only for queries inside the range', async () => {
			const docs = fixture.freshDb().collection<TestDocument>('docs');
			await docs.createIndex({ score: 1 }, { partialFilterExpression: { score: { $gt: 5 } } });
			await docs.insertMany(Array.from({ length: 20 }, (_, i) => ({ _id: i, score: i % 2 === 0 ? i : String(i) })));
			const indexed = async (filter: Document) => indexNameOf(await explain(docs.db, { find: 'docs', filter })) === 'score_1';
			expect(await indexed({ score: 8 })).toBe(true);
			expect(await indexed({ score: { $gte: 6, $lt: 10 } })).toBe(true);
			expect(await indexed({ score: { $gte: 5 } })).toBe(false);
			expect(await indexed({ score: '7' })).toBe(false);
			expect((await docs.find({ score: { $gte: 5 } }).toArray()).map((doc) => doc._id)).toEqual([6, 8, 10, 12, 14, 16, 18]);
		});

		it('uses a sparse index only when the query needs an indexed field to exist', async () => {
			const docs = fixture.freshDb().collection<TestDocument>('docs');
			await docs.createIndex({ tag: 1 }, { sparse: true });
			await docs.insertMany([{ _id: 1, tag: 'a' }, { _id: 2 }, { _id: 3, tag: null }, { _id: 4, tag: 'b' }]);
			expect(indexNameOf(await explain(docs.db, { find: 'docs', filter: { tag: 'a' } }))).toBe('tag_1');
			expect(indexNameOf(await explain(docs.db, { find: 'docs', filter: { tag: null } }))).toBeUndefined();
			expect((await docs.find({ tag: null }).toArray()).map((doc) => doc._id)).toEqual([2, 3]);
		});
	});

	describe('one-sided ranges', () => {
		it('counts a one-sided Date range from the index alone', async () => {
			const db = fixture.freshDb();
			const { contacts, start } = await seedContacts(db, 3000);
			const query = { botId: 1, isPreview: false, deletedAt: null, createdAt: { $lt: new Date(start + 1000 * 60_000) } };
			const explained = await explain(db, { count: 'contacts', query });
			expect(explained.plan).toEqual({ stage: 'COUNT_SCAN', indexName: 'botId_1_isPreview_1_deletedAt_1_createdAt_1' });
			expect(explained.stats).toMatchObject({ nReturned: 900, totalKeysExamined: 900, totalDocsExamined: 0 });
			expect(await contacts.countDocuments(query)).toBe(900);
			expect(await contacts.countDocuments({ ...query, createdAt: { $gte: new Date(start + 1000 * 60_000) } })).toBe(1800);
		});

		it('matches only values of the bound type bracket, with or without an index', async () => {
			const db = fixture.freshDb();
			const date = new Date('2024-01-01T00:00:00Z');
			const values: Record<string, unknown> = {
				date: new Date(date.getTime() - 1),
				later: new Date(date.getTime() + 1),
				string: 'a',
				emptyString: '',
				int: new Int32(3),
				long: Long.fromNumber(4),
				double: new Double(2.5),
				big: 10,
				nan: Number.NaN,
				null: null,
				object: { x: 1 },
				oid: new ObjectId('65a000000000000000000001'),
				bool: false,
			};
			const documents = [...Object.entries(values).map(([_id, v]) => ({ _id, v })), { _id: 'missing' }];
			const unindexed = db.collection<TestDocument>('unindexed');
			const ascending = db.collection<TestDocument>('ascending');
			const descending = db.collection<TestDocument>('descending');
			await ascending.createIndex({ v: 1 });
			await descending.createIndex({ v: -1 });
			for (const collection of [unindexed, ascending, descending])
				await collection.insertMany(documents.map((doc) => ({ ...doc })));
			const expectations: Array<[Document, string[]]> = [
				[{ $lt: date }, ['date']],
				[{ $gte: date }, ['later']],
				[{ $lte: 'z' }, ['emptyString', 'string']],
				[{ $gt: '' }, ['string']],
				[{ $lt: 5 }, ['double', 'int', 'long']],
				[{ $gte: Long.fromNumber(3) }, ['big', 'int', 'long']],
				[{ $gt: new ObjectId('000000000000000000000000') }, ['oid']],
				[{ $lte: true }, ['bool']],
			];
			for (const [condition, ids] of expectations) {
				for (const collection of [unindexed, ascending, descending]) {
					const found = (await collection.find({ v: condition }).toArray()).map((doc) => doc._id).sort();
					expect({ collection: collection.collectionName, condition, found }).toEqual({
						collection: collection.collectionName,
						condition,
						found: ids,
					});
					expect(await collection.countDocuments({ v: condition })).toBe(ids.length);
				}
				const explained = await explain(db, { count: 'ascending', query: { v: condition } });
				expect(explained.stats).toMatchObject({ totalKeysExamined: ids.length, totalDocsExamined: 0 });
			}
		});

		it('matches NaN only by $lte and $gte NaN, as MongoDB does', async () => {
			const docs = fixture.freshDb().collection<TestDocument>('docs');
			await docs.insertMany([
				{ _id: 'nan', v: Number.NaN },
				{ _id: 'one', v: 1 },
			]);
			expect((await docs.find({ v: { $lt: 5 } }).toArray()).map((doc) => doc._id)).toEqual(['one']);
			expect((await docs.find({ v: { $gt: Number.NaN } }).toArray()).map((doc) => doc._id)).toEqual([]);
			expect((await docs.find({ v: { $gte: Number.NaN } }).toArray()).map((doc) => doc._id)).toEqual(['nan']);
		});
	});

	describe('skips', () => {
		it('skips by position in an exact plan that gives the sort order', async () => {
			const db = fixture.freshDb();
			const { contacts } = await seedContacts(db, 5000);
			const filter = { botId: 1, isPreview: false, deletedAt: null };
			const live = Array.from({ length: 5000 }, (_, i) => i + 1).filter((id) => id % 10 !== 0);
			for (const direction of [1, -1] as const) {
				const explained = await explain(db, { find: 'contacts', filter, sort: { _id: direction }, skip: 4000, limit: 100 });
				expect(indexNameOf(explained)).toBe('botId_1_isPreview_1_deletedAt_1__id_1');
				expect(explained.stats).toMatchObject({ nReturned: 100, totalKeysExamined: 4100, totalDocsExamined: 100 });
				const page = await contacts.find(filter).sort({ _id: direction }).skip(4000).limit(100).toArray();
				const ordered = direction === 1 ? live : [...live].reverse();
				expect(page.map((doc) => doc._id)).toEqual(ordered.slice(4000, 4100));
			}
			const pastTheEnd = await explain(db, { find: 'contacts', filter, sort: { _id: 1 }, skip: 10_000, limit: 10 });
			expect(pastTheEnd).toMatchObject({ plan: { stage: 'FETCH' }, stats: { nReturned: 0, totalDocsExamined: 0 } });
		});

		it('skips across the ranges of an $in', async () => {
			const docs = fixture.freshDb().collection<TestDocument>('docs');
			await docs.createIndex({ group: 1, n: 1 });
			await docs.insertMany(Array.from({ length: 300 }, (_, i) => ({ _id: i, group: i % 3, n: i })));
			const filter = { group: { $in: [0, 2] } };
			const explained = await explain(docs.db, { find: 'docs', filter, sort: { group: 1, n: 1 }, skip: 150, limit: 5 });
			expect(explained.stats).toMatchObject({ nReturned: 5, totalDocsExamined: 5 });
			const page = await docs.find(filter).sort({ group: 1, n: 1 }).skip(150).limit(5).toArray();
			expect(page.map((doc) => doc._id)).toEqual([152, 155, 158, 161, 164]);
		});

		it('still reads and matches skipped entries when the bounds are not the whole filter', async () => {
			const db = fixture.freshDb();
			const { contacts } = await seedContacts(db, 2000);
			const filter = { botId: 1, isPreview: false, deletedAt: null, messengerId: '1005' };
			const explained = await explain(db, { find: 'contacts', filter, sort: { _id: 1 }, skip: 5, limit: 3 });
			expect(explained.stats.totalDocsExamined).toBeGreaterThan(500);
			const page = await contacts.find(filter).sort({ _id: 1 }).skip(5).limit(3).toArray();
			expect(page.map((doc) => doc._id)).toEqual([506, 606, 706]);
		});
	});

	describe("the full-scan switch (planner: 'scan')", () => {
		it('answers a query that an index serves by reading every document, with the same results', async () => {
			const filter = { botId: 1, isPreview: false, deletedAt: null };
			const find = { find: 'contacts', filter, sort: { _id: -1 }, skip: 100, limit: 10 };
			const answers = [];
			for (const { freshDb } of [fixture, scanFixture]) {
				const db = freshDb();
				const { contacts } = await seedContacts(db, 300);
				const page = await contacts.find(filter).sort({ _id: -1 }).skip(100).limit(10).toArray();
				answers.push({ explained: await explain(db, find), page, count: await contacts.countDocuments(filter) });
			}
			const [planned, scanned] = answers;
			expect(indexNameOf(planned.explained)).toBe('botId_1_isPreview_1_deletedAt_1__id_1');
			expect(planned.explained.stats.totalDocsExamined).toBe(10);
			expect(scanned.explained).toMatchObject({
				plan: { stage: 'COLLSCAN' },
				stats: { totalKeysExamined: 0, totalDocsExamined: 300 },
			});
			expect(scanned.page).toEqual(planned.page);
			expect(scanned.page.map((doc) => doc._id)).toEqual([188, 187, 186, 185, 184, 183, 182, 181, 179, 178]);
			expect(scanned.count).toBe(270);
		});

		it('still keeps indexes for unique constraints', async () => {
			const { contacts } = await seedContacts(scanFixture.freshDb(), 10);
			const duplicate = { _id: 11, botId: 1, messenger: 'telegram', messengerKey: '1001' };
			await expect(contacts.insertOne(duplicate)).rejects.toMatchObject({ code: 11000 });
			expect(await contacts.countDocuments()).toBe(10);
		});
	});
});
