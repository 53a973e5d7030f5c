/** Opens the service's database: MONGODB_URI when set, else an embedded one; then makes sure every index exists. */
import mongoose, { type Connection } from 'mongoose';
import type { Logger } from '../logger';
import { createModels, type Models } from '../models';
import { startEmbeddedDatabase } from './embedded';
import type { StartupTask } from './startup-task';

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
	/** Run in order once the indexes exist, before the database is handed out. */
	startupTasks?: readonly StartupTask[];
}

export async function openDatabase(
	{ mongodbUri, dbName = 'bot-platform', startupTasks = [] }: DatabaseOptions,
	logger: Logger,
): Promise<Database> {
	const embedded = mongodbUri === undefined ? await startEmbeddedDatabase(logger) : undefined;
	const uri = embedded ? `${embedded.uri}/${dbName}` : (mongodbUri as string);
	if (!embedded) logger.info('database: MongoDB at MONGODB_URI');
	const connection = mongoose.createConnection(uri, { serverSelectionTimeoutMS: 15_000 });
	try {
		await connection.asPromise();
		const models = createModels(connection);
		// Unique indexes are part of correctness (one contact per messenger ID), so they exist before serving.
		await Promise.all(Object.values(models).map((model) => model.init()));
		for (const task of startupTasks) {
			const finished = await task.run(models);
			if (finished > 0) logger.info(`start-up: ${finished} ${task.what}`);
		}
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
