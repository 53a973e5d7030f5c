import mongoose, { Schema, type Connection } from 'mongoose';
import { RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import { startMongoEmulator, type MongoEmulator } from '../src';

let emulator: MongoEmulator;
let connection: Connection;

beforeAll(async () => {
	emulator = await startMongoEmulator();
	connection = await mongoose.createConnection(`${emulator.uri}/mongoose_test`).asPromise();
});

afterAll(async () => {
	await connection.close();
	await emulator.close();
});

describe('mongo emulator with mongoose', () => {
	const userSchema = new Schema(
		{ email: { type: String, required: true, unique: true }, age: Number, tags: [String] },
		{ timestamps: true },
	);

	it('runs a model through create, queries, updates, unique errors and deletes', async () => {
		const User = connection.model('User', userSchema);
		await User.init();
		const ann = await User.create({ email: 'ann@x', age: 30, tags: ['a'] });
		expect(await User.findById(ann._id).lean()).toMatchObject({ email: 'ann@x', age: 30, createdAt: expect.any(Date) });
		const bob = await User.findOneAndUpdate(
			{ email: 'bob@x' },
			{ $set: { age: 25 } },
			{ upsert: true, returnDocument: 'after' },
		).lean();
		expect(bob).toMatchObject({ email: 'bob@x', age: 25, tags: [], createdAt: expect.any(Date) });
		await expect(User.create({ email: 'ann@x' })).rejects.toMatchObject({ code: 11000, keyValue: { email: 'ann@x' } });
		await User.updateMany({}, { $push: { tags: 'all' } });
		expect(await User.countDocuments({ tags: 'all' })).toBe(2);
		expect((await User.find().sort({ age: 1 }).select('email').lean()).map((user) => user.email)).toEqual(['bob@x', 'ann@x']);
		await User.deleteOne({ email: 'bob@x' });
		expect(await User.estimatedDocumentCount()).toBe(1);
	});

	it('consumes points through RateLimiterMongo', async () => {
		const limiter = new RateLimiterMongo({ storeClient: connection, points: 3, duration: 60, tableName: 'rate_limits' });
		const consumed: number[] = [];
		for (let i = 0; i < 3; i++) consumed.push((await limiter.consume('client-1')).remainingPoints);
		expect(consumed).toEqual([2, 1, 0]);
		const refused = await limiter.consume('client-1').catch((error: unknown) => error);
		expect(refused).toBeInstanceOf(RateLimiterRes);
		expect(refused).toMatchObject({ consumedPoints: 4, remainingPoints: 0 });
		await expect(limiter.consume('client-2', 2)).resolves.toMatchObject({ remainingPoints: 1 });
		await expect(limiter.get('client-1')).resolves.toMatchObject({ consumedPoints: 4 });
	});

	it('replaces an expired limit document through RateLimiterMongo’s duplicate-key path', async () => {
		const limiter = new RateLimiterMongo({
			storeClient: connection,
			points: 1,
			duration: 60,
			tableName: 'rate_limits_expired',
			disableIndexesCreation: true,
		});
		const collection = connection.collection('rate_limits_expired');
		await collection.createIndex({ key: 1 }, { unique: true });
		await collection.insertOne({ key: 'client', points: 5, expire: new Date(Date.now() - 1000) });
		await expect(limiter.consume('client')).resolves.toMatchObject({ consumedPoints: 1, remainingPoints: 0 });
	});
});
