/**
 * Opens the service's database: MONGODB_URI when set, else an embedded one. Waits (retrying) for a database
 * that is not reachable yet, makes sure every index exists, runs the start-up tasks, then watches availability.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import mongoose, { mongo, type Connection, type ConnectOptions } from 'mongoose';
import { redactUri } from '../config';
import type { Logger } from '../logger';
import { createModels, type Models } from '../models';
import { DatabaseAvailability } from './availability';
import { startEmbeddedDatabase, type EmbeddedOptions } from './embedded';
import type { StartupTask } from './startup-task';

export interface Database {
	connection: Connection;
	models: Models;
	/** Which database this is, for logs and tests. */
	kind: 'external' | 'mongodb-memory-server' | 'emulator';
	availability: DatabaseAvailability;
	close(): Promise<void>;
}

export interface DatabaseOptions {
	mongodbUri: string | undefined;
	/** Database name for the embedded database (an external URI carries its own). */
	dbName?: string;
	/** Run in order once the indexes exist, before the database is handed out. */
	startupTasks?: readonly StartupTask[];
	/** Aborted (shutdown asked for) while waiting for an unreachable database: give up and reject. */
	signal?: AbortSignal;
	/** The driver's command monitoring (`commandStarted` events on the client): how tests count commands per call. */
	monitorCommands?: boolean;
	/** How the embedded database runs, when MONGODB_URI is unset. */
	embedded?: EmbeddedOptions;
}

/**
 * How long an operation waits for a reachable database before failing (and its request answering 503).
 * The driver's default, 30 s, would hold every request that long in an outage. A URI that sets
 * `serverSelectionTimeoutMS` itself keeps its own value.
 */
export const SERVER_SELECTION_TIMEOUT_MS = 2_000;

/** Waits between attempts to reach the database at start-up: 1 s, doubling, at most 30 s. */
export function retryDelayMs(attempt: number): number {
	return Math.min(30_000, 1_000 * 2 ** (attempt - 1));
}

function connectOptions(uri: string, monitorCommands: boolean): ConnectOptions {
	// Fail fast rather than queue operations while disconnected: the request gets its 503 and may retry.
	const options: ConnectOptions = { bufferCommands: false, monitorCommands };
	if (!/[?&]serverSelectionTimeoutMS=/i.test(uri)) options.serverSelectionTimeoutMS = SERVER_SELECTION_TIMEOUT_MS;
	return options;
}

/** Errors that mean "not reachable now" (worth another attempt), as opposed to a wrong URI or credentials. */
function isUnreachable(error: unknown): boolean {
	return (
		error instanceof mongo.MongoServerSelectionError ||
		error instanceof mongo.MongoNetworkError ||
		(error as Error | undefined)?.name === 'MongooseServerSelectionError'
	);
}

async function connectWithRetry(
	uri: string,
	logger: Logger,
	signal: AbortSignal | undefined,
	monitorCommands: boolean,
): Promise<Connection> {
	for (let attempt = 1; ; attempt++) {
		let connection: Connection | undefined;
		try {
			connection = mongoose.createConnection(uri, connectOptions(uri, monitorCommands));
			await connection.asPromise();
			if (attempt > 1) logger.info({ attempt }, 'database reachable');
			return connection;
		} catch (error) {
			await connection?.close().catch(() => undefined);
			if (!isUnreachable(error) || signal?.aborted) throw error;
			const delay = retryDelayMs(attempt);
			logger.warn(
				{ attempt, retry_in_ms: delay, reason: (error as Error).message },
				'database unreachable at start-up: retrying',
			);
			await sleep(delay, undefined, { signal });
		}
	}
}

/** Indexes besides `_id`'s, which every collection has. */
async function countIndexes(model: Models[keyof Models]): Promise<number> {
	try {
		return (await model.collection.indexes()).filter((index) => index.name !== '_id_').length;
	} catch (error) {
		if ((error as { codeName?: string }).codeName === 'NamespaceNotFound') return 0;
		throw error;
	}
}

/** Creates every index the models declare that the database lacks; returns how many it created. */
async function ensureIndexes(models: Models): Promise<number> {
	let created = 0;
	for (const model of Object.values(models)) {
		const before = await countIndexes(model);
		await model.createIndexes();
		created += (await countIndexes(model)) - before;
	}
	return created;
}

export async function openDatabase(
	{
		mongodbUri,
		dbName = 'bot-platform',
		startupTasks = [],
		signal,
		monitorCommands = false,
		embedded: embeddedOptions,
	}: DatabaseOptions,
	logger: Logger,
): Promise<Database> {
	const embedded = mongodbUri === undefined ? await startEmbeddedDatabase(logger, embeddedOptions) : undefined;
	const uri = embedded ? `${embedded.uri}/${dbName}` : (mongodbUri as string);
	if (!embedded) logger.info({ uri: redactUri(uri) }, 'database: MongoDB at MONGODB_URI');
	let connection: Connection | undefined;
	try {
		connection = await connectWithRetry(uri, logger, signal, monitorCommands);
		const models = createModels(connection);
		// Unique indexes are part of correctness (one contact per messenger ID), so they exist before serving.
		await Promise.all(Object.values(models).map((model) => model.init()));
		for (const task of startupTasks) {
			const finished = await task.run(models);
			if (finished > 0) logger.info({ task: task.what, count: finished }, `start-up: ${finished} ${task.what}`);
		}
		const availability = new DatabaseAvailability(connection.getClient(), {
			logger,
			restore: () => ensureIndexes(models),
		});
		const opened = connection;
		return {
			connection: opened,
			models,
			kind: embedded?.kind ?? 'external',
			availability,
			async close() {
				availability.close();
				await opened.close();
				await embedded?.stop();
			},
		};
	} catch (error) {
		await connection?.close().catch(() => undefined);
		await embedded?.stop();
		throw error;
	}
}
