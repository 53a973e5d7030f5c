import { Decimal128, Long, MaxKey, MinKey, ObjectId } from 'mongodb';
import { useEmulator, type TestDocument } from './emulator-fixture';

const fixture = useEmulator();

describe('mongo emulator value semantics', () => {
	it('sorts mixed types in BSON order: MinKey, null/missing, numbers, strings, objects, ObjectId, booleans, dates, MaxKey', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		const id = new ObjectId('65a000000000000000000001');
		const date = new Date('2024-01-01T00:00:00Z');
		await docs.insertMany([
			{ _id: 'date', v: date },
			{ _id: 'true', v: true },
			{ _id: 'false', v: false },
			{ _id: 'oid', v: id },
			{ _id: 'max', v: new MaxKey() },
			{ _id: 'string', v: 'b' },
			{ _id: 'object', v: { x: 1 } },
			{ _id: 'number', v: 2.5 },
			{ _id: 'null', v: null },
			{ _id: 'min', v: new MinKey() },
			{ _id: 'negative', v: -1 },
			{ _id: 'missing' },
		]);
		const order = (await docs.find().sort({ v: 1, _id: 1 }).toArray()).map((doc) => doc._id);
		expect(order).toEqual([
			'min',
			'missing',
			'null',
			'negative',
			'number',
			'string',
			'object',
			'oid',
			'false',
			'true',
			'date',
			'max',
		]);
		const descending = (await docs.find().sort({ v: -1, _id: 1 }).toArray()).map((doc) => doc._id);
		// null and a missing field tie, so _id orders them in both directions.
		expect(descending).toEqual([
			'max',
			'date',
			'true',
			'false',
			'oid',
			'object',
			'string',
			'number',
			'negative',
			'missing',
			'null',
			'min',
		]);
	});

	it('sorts arrays by their smallest element ascending and largest descending', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.insertMany([
			{ _id: 'a', v: [5, 1] },
			{ _id: 'b', v: 3 },
			{ _id: 'c', v: [2, 9] },
		]);
		expect((await docs.find().sort({ v: 1 }).toArray()).map((doc) => doc._id)).toEqual(['a', 'c', 'b']);
		expect((await docs.find().sort({ v: -1 }).toArray()).map((doc) => doc._id)).toEqual(['c', 'a', 'b']);
	});

	it('compares only within a type bracket and lets {$gte: null} match missing fields', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.insertMany([{ _id: 1, v: 5 }, { _id: 2, v: '7' }, { _id: 3, v: [1, 10] }, { _id: 4, v: null }, { _id: 5 }]);
		expect((await docs.find({ v: { $gt: 4 } }).toArray()).map((doc) => doc._id)).toEqual([1, 3]);
		expect((await docs.find({ v: { $gt: 4, $lt: 6 } }).toArray()).map((doc) => doc._id)).toEqual([1, 3]);
		expect((await docs.find({ v: { $gte: null } }).toArray()).map((doc) => doc._id)).toEqual([4, 5]);
		expect((await docs.find({ v: { $gt: 'a' } }).toArray()).map((doc) => doc._id)).toEqual([]);
	});

	it('keeps int64 values beyond 2^53 exact in storage, comparisons, sorting and $inc', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		const big = Long.fromString('9007199254740993'); // 2^53 + 1, not representable as a double
		await docs.insertMany([
			{ _id: 1, v: big },
			{ _id: 2, v: 9007199254740992 },
			{ _id: 3, v: Long.fromString('-9223372036854775808') },
		]);
		expect(await docs.findOne({ _id: 1 }, { promoteLongs: false })).toEqual({ _id: 1, v: big });
		expect((await docs.find({ v: { $gt: 9007199254740992 } }).toArray()).map((doc) => doc._id)).toEqual([1]);
		expect(
			(
				await docs
					.find({ v: { $lt: big } })
					.sort({ v: 1 })
					.toArray()
			).map((doc) => doc._id),
		).toEqual([3, 2]);
		expect((await docs.find({ v: big }).toArray()).map((doc) => doc._id)).toEqual([1]);
		await docs.updateOne({ _id: 1 }, { $inc: { v: Long.fromNumber(1) } });
		await docs.updateOne({ _id: 2 }, { $inc: { v: Long.fromString('9007199254740993') } });
		const updated = await docs
			.find({ _id: { $in: [1, 2] } }, { promoteLongs: false })
			.sort({ _id: 1 })
			.toArray();
		expect(updated.map((doc) => String(doc.v))).toEqual(['9007199254740994', '18014398509481985']);
		await expect(docs.updateOne({ _id: 3 }, { $inc: { v: -1 } })).rejects.toMatchObject({ code: 2 });
	});

	it('refuses Decimal128 comparisons instead of comparing them as strings', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.insertMany([{ price: Decimal128.fromString('10.5') }, { price: Decimal128.fromString('9.75') }]);
		expect(await docs.countDocuments()).toBe(2);
		await expect(docs.find({ price: { $gt: Decimal128.fromString('10') } }).toArray()).rejects.toMatchObject({ code: 2 });
		await expect(docs.find().sort({ price: 1 }).toArray()).rejects.toMatchObject({ code: 2 });
		await expect(docs.find({ price: { $gt: 5 } }).toArray()).rejects.toMatchObject({ code: 2 });
	});

	it('matches $type by BSON type name or number, including array elements', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		await docs.insertMany([
			{ _id: 1, v: new ObjectId() },
			{ _id: 2, v: [{ id: new ObjectId() }] },
			{ _id: 3, v: 'text' },
			{ _id: 4, v: 2.5 },
			{ _id: 5, v: Long.fromString('9007199254740993') },
			{ _id: 6, v: [1, 'a'] },
			{ _id: 7, v: null },
			{ _id: 8 },
		]);
		const ids = async (filter: TestDocument) => (await docs.find(filter).sort({ _id: 1 }).toArray()).map((doc) => doc._id);
		expect(await ids({ v: { $type: 'objectId' } })).toEqual([1]);
		expect(await ids({ 'v.id': { $type: 7 } })).toEqual([2]);
		expect(await ids({ v: { $type: 'string' } })).toEqual([3, 6]);
		expect(await ids({ v: { $type: 'number' } })).toEqual([4, 5, 6]);
		expect(await ids({ v: { $type: ['long', 'null'] } })).toEqual([5, 7]);
		expect(await ids({ v: { $type: 'array' } })).toEqual([2, 6]);
		await expect(ids({ v: { $type: 'nonsense' } })).rejects.toMatchObject({ code: 2 });
	});

	it('matches ObjectIds, Dates and nested paths', async () => {
		const docs = fixture.freshDb().collection<TestDocument>('docs');
		const owner = new ObjectId();
		await docs.insertMany([
			{ owner, at: new Date('2024-01-02'), profile: { tags: ['a', 'b'] } },
			{ owner: new ObjectId(), at: new Date('2024-03-01'), profile: { tags: ['c'] } },
		]);
		expect(await docs.countDocuments({ owner })).toBe(1);
		expect(await docs.countDocuments({ owner: { $in: [owner, new ObjectId()] } })).toBe(1);
		expect(await docs.countDocuments({ at: { $gte: new Date('2024-01-01'), $lt: new Date('2024-02-01') } })).toBe(1);
		expect(await docs.countDocuments({ 'profile.tags': 'b' })).toBe(1);
		expect(await docs.countDocuments({ 'profile.tags': { $size: 1 } })).toBe(1);
	});
});
