/** One emulator and driver client per test file; each test gets its own database. */
import { MongoClient, type Db, type ObjectId } from 'mongodb';
import { startMongoEmulator, type MongoEmulator, type MongoEmulatorOptions } from '../src';

/** Test documents use _id values of any type (numbers, strings), which the driver's default typing forbids. */
export interface TestDocument {
	_id?: ObjectId | string | number;
	[field: string]: any;
}

export interface EmulatorFixture {
	readonly emulator: () => MongoEmulator;
	readonly client: () => MongoClient;
	/** A database no other test uses. */
	readonly freshDb: () => Db;
}

export function useEmulator(options: MongoEmulatorOptions = {}): EmulatorFixture {
	let emulator: MongoEmulator | undefined;
	let client: MongoClient | undefined;
	let databases = 0;
	beforeAll(async () => {
		emulator = await startMongoEmulator(options);
		client = await MongoClient.connect(emulator.uri);
	});
	afterAll(async () => {
		await client?.close();
		await emulator?.close();
	});
	const started = <T>(value: T | undefined): T => {
		if (value === undefined) throw new Error('the emulator is not started');
		return value;
	};
	return {
		emulator: () => started(emulator),
		client: () => started(client),
		freshDb: () =>
			started(client).db(`test_${expect.getState().currentTestName?.replace(/\W+/g, '_').slice(0, 40)}_${++databases}`),
	};
}
