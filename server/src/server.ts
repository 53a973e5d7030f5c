/** Starts and stops the whole service: database, deprecations, metrics, HTTP listener, graceful shutdown. */
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { configWarnings, type Config } from './config';
import type { EmbeddedOptions } from './database/embedded';
import { openDatabase, type Database } from './database/open';
import { startupTasks } from './domain/startup-tasks';
import { loadDeprecations, type Deprecations } from './domain/access/deprecations';
import { answerClientError } from './http/client-error';
import { createTestDouble, type TestDouble } from './test-double/test-double';
import type { Logger } from './logger';
import { createMetrics, type Metrics } from './observability/metrics';
import type { Seed } from './seed/schema';

export interface RunningServer {
	/** `http://host:port`, as logged in the `listening on` line. */
	url: string;
	port: number;
	database: Database;
	metrics: Metrics;
	/** Faults, request log and reset, when the test double is on. */
	testDouble: TestDouble | undefined;
	/** The deprecations in force (a test that counts a call's own commands stops their once-a-second reload). */
	deprecations: Deprecations;
	/** Stops accepting, lets in-flight requests finish, closes the database. */
	close(): Promise<void>;
}

export interface StartOptions {
	/** Database name for the embedded database. */
	dbName?: string;
	/** Aborted when shutdown is asked for while start-up still waits for the database. */
	signal?: AbortSignal;
	/** The checked seed (`seed/load.ts`): the data is set to it now and on every reset. Needs `config.testDouble`. */
	seed?: Seed;
	/** The driver's command monitoring, for tests that count commands per call. */
	monitorCommands?: boolean;
	/** How the embedded database runs (see `database/embedded.ts`). */
	embedded?: EmbeddedOptions;
}

/** In-flight requests get this long to finish on shutdown before their sockets are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

export async function startServer(config: Config, logger: Logger, options: StartOptions = {}): Promise<RunningServer> {
	for (const warning of configWarnings(config)) logger.warn(warning);
	const database = await openDatabase(
		{
			mongodbUri: config.mongodbUri,
			dbName: options.dbName,
			startupTasks,
			signal: options.signal,
			monitorCommands: options.monitorCommands,
			embedded: options.embedded,
		},
		logger,
	);
	const metrics = createMetrics({ databaseUp: () => database.availability.isUp() });
	const deprecations = await loadDeprecations(database.models, logger);
	let testDouble: TestDouble | undefined;
	if (config.testDouble) {
		const { seed } = options;
		testDouble = createTestDouble({ database, deprecations, metrics, seed, requestLogSize: config.requestLogSize });
		if (seed) {
			try {
				await testDouble.reset();
			} catch (error) {
				deprecations.stop();
				await database.close();
				throw error;
			}
			logger.info('data set to the seed');
		}
	}
	const app = createApp({ config, database, deprecations, logger, metrics, testDouble });
	const httpServer = app.listen(config.port, config.host);
	httpServer.on('clientError', answerClientError(logger, metrics));
	try {
		await once(httpServer, 'listening');
	} catch (error) {
		deprecations.stop();
		await database.close();
		throw error;
	}
	const { port } = httpServer.address() as AddressInfo;
	const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
	logger.info({ url }, `listening on ${url}`);

	// Responses still being prepared when shutdown starts ask their client to close the connection, so a
	// keep-alive socket does not hold the shutdown open once its last request is answered.
	const unanswered = new Set<ServerResponse>();
	httpServer.on('request', (_req, res: ServerResponse) => {
		unanswered.add(res);
		res.once('finish', () => unanswered.delete(res));
		res.once('close', () => unanswered.delete(res));
	});

	let closing: Promise<void> | undefined;
	const close = () =>
		(closing ??= (async () => {
			for (const res of unanswered) if (!res.headersSent) res.shouldKeepAlive = false;
			const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
			httpServer.closeIdleConnections();
			const forceful = setTimeout(() => httpServer.closeAllConnections(), SHUTDOWN_GRACE_MS);
			forceful.unref();
			await stopped;
			clearTimeout(forceful);
			deprecations.stop();
			await database.close();
		})());

	return { url, port, database, metrics, testDouble, deprecations, close };
}
