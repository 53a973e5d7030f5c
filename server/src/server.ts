/** Starts and stops the whole service: database, rate limiter, metrics, HTTP listener, graceful shutdown. */
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { configWarnings, type Config } from './config';
import { openDatabase, type Database } from './database/open';
import { startupTasks } from './domain/startup-tasks';
import { createRateLimiter } from './http/rate-limit';
import { loadDeprecations } from './http/versioning';
import { answerClientError } from './http/client-error';
import type { Logger } from './logger';
import { createMetrics, type Metrics } from './observability/metrics';

export interface RunningServer {
	/** `http://host:port`, as logged in the `listening on` line. */
	url: string;
	port: number;
	database: Database;
	metrics: Metrics;
	/** Stops accepting, lets in-flight requests finish, closes the database. */
	close(): Promise<void>;
}

export interface StartOptions {
	/** Database name for the embedded database. */
	dbName?: string;
	/** Aborted when shutdown is asked for while start-up still waits for the database. */
	signal?: AbortSignal;
}

/** In-flight requests get this long to finish on shutdown before their sockets are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

export async function startServer(config: Config, logger: Logger, options: StartOptions = {}): Promise<RunningServer> {
	for (const warning of configWarnings(config)) logger.warn(warning);
	const database = await openDatabase(
		{ mongodbUri: config.mongodbUri, dbName: options.dbName, startupTasks, signal: options.signal },
		logger,
	);
	const metrics = createMetrics({ databaseUp: () => database.availability.isUp() });
	const limiter = await createRateLimiter(database.connection, {
		perMinute: config.rateLimitPerMinute,
		onRejected: () => metrics.rateLimitRejections.inc(),
	});
	database.onRestore(() => limiter.ensureIndexes());
	const deprecations = await loadDeprecations(database.models, logger);
	const app = createApp({ config, database, limiter, deprecations, logger, metrics });
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

	return { url, port, database, metrics, close };
}
