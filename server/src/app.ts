/**
 * The Express application: access log and metrics, `/healthz`, `/metrics`, `/openapi.json` and `/docs`, parsers,
 * `/api/v1`, `/admin/v1`, and JSON errors for everything else.
 */
import express from 'express';
import qs from 'qs';
import { adminRouter } from './admin';
import { apiMethods } from './api';
import type { Config } from './config';
import type { Database } from './database/open';
import { apiRouter } from './http/api-router';
import { requireBearer } from './http/bearer';
import { awaitDatabase } from './http/database-gate';
import { errorHandler, notFoundHandler } from './http/error-handler';
import type { RateLimiter } from './http/rate-limit';
import type { Logger } from './logger';
import { referenceRouter } from './openapi/reference-router';
import { accessLog } from './observability/access-log';
import { metricsEndpoint, requestMetrics, type Metrics } from './observability/metrics';

export interface AppDeps {
	config: Config;
	database: Database;
	limiter: RateLimiter;
	logger: Logger;
	metrics: Metrics;
}

/** Bodies and query strings are small on this API; the caps keep a hostile client from exhausting memory. */
const BODY_LIMIT = '1mb';
const PARAMETER_LIMIT = 5000;

async function answersPing(database: Database): Promise<boolean> {
	try {
		await database.connection.db?.admin().ping();
		return true;
	} catch {
		return false;
	}
}

export function createApp({ config, database, limiter, logger, metrics }: AppDeps): express.Express {
	const app = express();
	app.disable('x-powered-by');
	app.use(accessLog(logger));
	app.use(requestMetrics(metrics));
	// Bracket notation (`fields[0][name]`, §4.1); arrays up to 1000 items stay arrays (qs's default is 20).
	app.set('query parser', (query: string) => qs.parse(query, { arrayLimit: 1000, depth: 5, parameterLimit: PARAMETER_LIMIT }));

	// Up means: the database is reachable, its indexes are in place, and it answers a ping now.
	app.get('/healthz', async (_req, res) => {
		const up = database.availability.isUp() && (await answersPing(database));
		res.status(up ? 200 : 503).json({ status: up ? 'ok' : 'unavailable' });
	});
	app.get('/metrics', requireBearer(config.metricsToken), metricsEndpoint(metrics));

	app.use(referenceRouter(config));
	app.use(express.json({ limit: BODY_LIMIT }));
	app.use(express.urlencoded({ extended: true, limit: BODY_LIMIT, parameterLimit: PARAMETER_LIMIT }));
	app.use(['/api/v1', '/admin/v1'], awaitDatabase(database.availability));
	app.use('/api/v1', apiRouter({ config, models: database.models, limiter, methods: apiMethods }));
	app.use('/admin/v1', adminRouter(config, database.models, new Set(apiMethods.map((method) => method.name))));
	app.use(notFoundHandler);
	app.use(errorHandler(config, logger));
	return app;
}
