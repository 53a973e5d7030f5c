/**
 * The Express application: access log and metrics, `/healthz`, `/metrics`, `/openapi.json` and `/docs`, parsers,
 * `/api/v1`, `/admin/v1`, and JSON errors for everything else.
 */
import express from 'express';
import { adminRouter } from './admin';
import { apiMethods } from './api';
import type { Config } from './config';
import type { Database } from './database/open';
import { apiRouter } from './http/api-router';
import { requireBearer } from './http/bearer';
import { awaitDatabase } from './http/database-gate';
import { createAuthThrottle } from './http/auth-throttle';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { parseBracketParameters } from './http/form-encoding';
import type { RateLimiter } from './http/rate-limit';
import type { Deprecations } from './http/versioning';
import { recordRequests } from './http/request-log';
import { passThroughGate } from './http/reset-gate';
import type { TestDouble } from './http/test-double';
import type { Logger } from './logger';
import { referenceRouter } from './openapi/reference-router';
import { metricsEndpoint, type Metrics } from './observability/metrics';
import { observeRequests } from './observability/observe-requests';

export interface AppDeps {
	config: Config;
	database: Database;
	limiter: RateLimiter;
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

const isResetCall = (req: express.Request) => req.method === 'POST' && req.originalUrl.split('?')[0] === '/admin/v1/reset';

export function createApp({ config, database, limiter, deprecations, logger, metrics, testDouble }: AppDeps): express.Express {
	const app = express();
	app.disable('x-powered-by');
	app.set('trust proxy', config.trustProxy);
	app.use(observeRequests(logger, metrics));
	// Bracket notation (`fields[0][name]`, §4.1), with the limits of form bodies. Express parses it when
	// `req.query` is first read, inside a route, so its 400 and 413 reach the error handler.
	app.set('query parser', parseBracketParameters);

	// Up means: the database is reachable, its indexes are in place, and it answers a ping now.
	app.get('/healthz', async (_req, res) => {
		// Read again after the ping: the ping itself may be what finds the connection lost.
		const up = database.availability.isUp() && (await answersPing(database)) && database.availability.isUp();
		res.status(up ? 200 : 503).json({ status: up ? 'ok' : 'unavailable' });
	});
	app.get('/metrics', requireBearer(config.metricsToken), metricsEndpoint(metrics));

	app.use(referenceRouter(config));
	// Bodies are read by each router once it knows the request is worth reading (see api-router.ts, admin/route.ts).
	app.use(['/api/v1', '/admin/v1'], awaitDatabase(database.availability));
	if (testDouble) {
		app.use('/api/v1', recordRequests(testDouble.requests));
		// The reset itself must not wait for the gate it closes.
		app.use(['/api/v1', '/admin/v1'], passThroughGate(testDouble.gate, isResetCall));
	}
	const { models } = database;
	const apiAuthThrottle = createAuthThrottle('api', config.authFailuresPerMinute);
	app.use(
		'/api/v1',
		apiRouter({
			config,
			models,
			limiter,
			deprecations,
			authThrottle: apiAuthThrottle,
			methods: apiMethods,
			faults: testDouble?.faults,
		}),
	);
	const adminAuthThrottle = createAuthThrottle('admin', config.authFailuresPerMinute);
	const methodNames = new Set(apiMethods.map((method) => method.name));
	app.use('/admin/v1', adminRouter({ config, models, deprecations, authThrottle: adminAuthThrottle, methodNames, testDouble }));
	app.use(notFoundHandler);
	app.use(errorHandler(config, logger));
	return app;
}
