/** Opens the service's database: MONGODB_URI when set, else an embedded one; then makes sure every index exists. */
import mongoose, { type Connection } from 'mongoose';
import { settleAllPendingOperations } from '../domain/contact-accounts/journal';
import type { Logger } from '../logger';
import { createModels, type Models } from '../models';
import { startEmbeddedDatabase } from './embedded';

export interface Database {
	connection: Connection;
	models: Models;
	/** Which database this is, for logs and tests. */
	kind: 'external' | 'mongodb-memory-server' | 'emulator';
	close(): Promise<void>;
}

export interface DatabaseOptions {
	mongodbUri: string | undefined;
	/** Database name for the embedded database (an external URI carries its own). */
	dbName?: string;
}

export async function openDatabase({ mongodbUri, dbName = 'bot-platform' }: DatabaseOptions, logger: Logger): Promise<Database> {
	const embedded = mongodbUri === undefined ? await startEmbeddedDatabase(logger) : undefined;
	const uri = embedded ? `${embedded.uri}/${dbName}` : (mongodbUri as string);
	if (!embedded) logger.info('database: MongoDB at MONGODB_URI');
	const connection = mongoose.createConnection(uri, { serverSelectionTimeoutMS: 15_000 });
	try {
		await connection.asPromise();
		const models = createModels(connection);
		// Unique indexes are part of correctness (one contact per messenger ID), so they exist before serving.
		await Promise.all(Object.values(models).map((model) => model.init()));
		// Journal entries of balance changes that a crashed process left unwritten are finished before serving.
		const settled = await settleAllPendingOperations(models);
		if (settled > 0) logger.info(`contact accounts: settled ${settled} interrupted journal entries`);
		return {
			connection,
			models,
			kind: embedded?.kind ?? 'external',
			async close() {
				await connection.close();
				await embedded?.stop();
			},
		};
	} catch (error) {
		await connection.close().catch(() => undefined);
		await embedded?.stop();
		throw error;
	}
}
