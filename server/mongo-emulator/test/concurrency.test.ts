import { useEmulator, type TestDocument } from './emulator-fixture';

const fixture = useEmulator();

describe('mongo emulator atomicity', () => {
	it('applies conditional decrements atomically: 50 parallel attempts on 20 units succeed exactly 20 times', async () => {
		const balances = fixture.freshDb().collection<TestDocument>('balances');
		await balances.insertOne({ _id: 'account', amount: 20 });
		const results = await Promise.all(
			Array.from({ length: 50 }, () => balances.updateOne({ _id: 'account', amount: { $gte: 1 } }, { $inc: { amount: -1 } })),
		);
		expect(results.filter((result) => result.modifiedCount === 1)).toHaveLength(20);
		expect(await balances.findOne({ _id: 'account' })).toEqual({ _id: 'account', amount: 0 });
	});

	it('creates one document from 20 racing upserts of the same unique key', async () => {
		const counters = fixture.freshDb().collection<TestDocument>('counters');
		await counters.createIndex({ key: 1 }, { unique: true });
		const results = await Promise.allSettled(
			Array.from({ length: 20 }, () => counters.updateOne({ key: 'k' }, { $inc: { hits: 1 } }, { upsert: true })),
		);
		// Like MongoDB, a losing upsert either updates the winner's document or fails with E11000.
		for (const result of results) {
			if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 11000 });
		}
		const succeeded = results.filter((result) => result.status === 'fulfilled').length;
		expect(await counters.find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ key: 'k', hits: succeeded }]);
	});

	it('runs findOneAndUpdate as one step, so parallel claims never take the same document', async () => {
		const jobs = fixture.freshDb().collection<TestDocument>('jobs');
		await jobs.insertMany(Array.from({ length: 10 }, (_, i) => ({ _id: i, claimed: false })));
		const claims = await Promise.all(
			Array.from({ length: 15 }, (_, worker) => jobs.findOneAndUpdate({ claimed: false }, { $set: { claimed: true, worker } })),
		);
		const claimed = claims.filter((job) => job !== null).map((job) => job?._id);
		expect(new Set(claimed).size).toBe(10);
		expect(claims.filter((job) => job === null)).toHaveLength(5);
	});
});
