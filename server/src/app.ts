/**
 * The Express application: access log and metrics, `/api/v1`, `/admin/v1`, `/healthz`, `/metrics`, `/openapi.json`
 * and `/docs`, and JSON errors for everything else.
 */
import express from 'express';
import { adminRouter } from './admin';
import { apiMethods } from './api';
import { callSteps } from './api/call-steps';
import type { Config } from './config';
import type { Database } from './database/open';
import { isDatabaseUnreachable } from './database/unreachable';
import { apiRouter } from './http/api-router';
import { requireBearer } from './http/bearer';
import { awaitDatabase } from './http/database-gate';
import { createAuthThrottle } from './domain/access/admin-token-throttle';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { parseBracketParameters } from './http/form-encoding';
import type { Deprecations } from './domain/access/deprecations';
import { faultInterceptor } from './test-double/faults';
import { recordRequests } from './test-double/request-log';
import { passThroughGate } from './test-double/reset-gate';
import type { TestDouble } from './test-double/test-double';
import type { Logger } from './logger';
import { referenceRouter } from './openapi/reference-router';
import { consoleRouter } from './console/console-router';
import { serverVersion } from './version';
import { metricsEndpoint, type Metrics } from './observability/metrics';
import { observeRequests } from './observability/observe-requests';

export interface AppDeps {
	config: Config;
	database: Database;
	deprecations: Deprecations;
	logger: Logger;
	metrics: Metrics;
	/** Faults, request log and reset, when the test double is on. */
	testDouble?: TestDouble;
}

async function answersPing(database: Database): Promise<boolean> {
	try {
		await database.connection.db?.admin().ping();
		return true;
	} catch (error) {
		database.availability.lost(`health ping failed: ${error instanceof Error ? error.message : String(error)}`);
		return false;
	}
}

/** The calls that run alone (a reset, a seed applied): they must not wait at the gate they close themselves. */
const RESET_PATHS = new Set(['/admin/v1/reset', '/admin/v1/seed', '/console/api/reset', '/console/api/seed']);
const isResetCall = (req: express.Request) => req.method === 'POST' && RESET_PATHS.has(req.originalUrl.split('?')[0]);

export function createApp({ config, database, deprecations, logger, metrics, testDouble }: AppDeps): express.Express {
	const app = express();
	app.disable('x-powered-by');
	// No ETag (a hash of every answer): an API answer is not a resource a client revalidates, and each call counts
	// against the rate limit whatever it is answered. The reference's fixed texts carry their own (reference-router.ts).
	app.disable('etag');
	app.set('trust proxy', config.trustProxy);
	app.use(observeRequests(logger, metrics));
	// Bracket notation (`fields[0][name]`, §4.1), with the limits of form bodies. Express parses it when
	// `req.query` is first read, inside a route, so its 400 and 413 reach the error handler.
	app.set('query parser', parseBracketParameters);

	// The API first: it takes most calls, and every layer mounted before it would cost each of them. Its paths are
	// apart from the others', so the order changes no answer. Bodies are read by each router once it knows the
	// request is worth reading (see api-router.ts, admin/route.ts).
	const { models } = database;
	const databaseGate = awaitDatabase(database.availability);
	// The test double's: the request log (API calls only) and the reset gate, which the reset itself must not wait for.
	const resetGate = testDouble ? [passThroughGate(testDouble.gate, isResetCall)] : [];
	const requestLog = testDouble ? [recordRequests(testDouble.requests)] : [];
	app.use(
		'/api/v1',
		databaseGate,
		...requestLog,
		...resetGate,
		apiRouter({
			methods: apiMethods,
			...callSteps({
				config,
				models,
				deprecations,
				interceptor: testDouble && faultInterceptor(testDouble.faults),
				onRateLimited: () => metrics.rateLimitRejections.inc(),
			}),
		}),
	);
	// Up means: the database is reachable, its indexes are in place, and it answers a ping now. Read again after the
	// ping: the ping itself may be what finds the connection lost.
	const healthy = async () => database.availability.isUp() && (await answersPing(database)) && database.availability.isUp();
	const adminDeps = {
		models,
		deprecations,
		methodNames: new Set(apiMethods.map((method) => method.name)),
		testDouble,
		server: {
			healthy,
			database: config.mongodbUri === undefined ? ('embedded' as const) : ('mongodb' as const),
			version: serverVersion(),
			startedAt: new Date(),
			traffic: metrics.traffic,
		},
	};
	// One throttle for the admin token, whether it comes as a bearer token or through the console's sign-in.
	const adminThrottle = createAuthThrottle('admin', config.authFailuresPerMinute);
	app.use('/admin/v1', databaseGate, ...resetGate, adminRouter({ config, authThrottle: adminThrottle, ...adminDeps }));
	app.use('/console', consoleRouter({ config, authThrottle: adminThrottle, gates: [databaseGate, ...resetGate], ...adminDeps }));

	app.get('/healthz', async (_req, res) => {
		const up = await healthy();
		res.status(up ? 200 : 503).json({ status: up ? 'ok' : 'unavailable' });
	});
	app.get('/metrics', requireBearer(config.metricsToken), metricsEndpoint(metrics));
	app.use(referenceRouter(config));
	app.use(notFoundHandler);
	app.use(errorHandler(config, logger, isDatabaseUnreachable));
	return app;
}
