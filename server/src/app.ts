/**
 * The Express application: parsers, `/healthz`, `/openapi.json` and `/docs`, `/api/v1`, `/admin/v1`, and JSON errors
 * for everything else.
 */
import express from 'express';
import qs from 'qs';
import { adminRouter } from './admin';
import { apiMethods } from './api';
import type { Config } from './config';
import type { Database } from './database/open';
import { apiRouter } from './http/api-router';
import { errorHandler, notFoundHandler } from './http/error-handler';
import type { RateLimiter } from './http/rate-limit';
import type { Logger } from './logger';
import { referenceRouter } from './openapi/reference-router';

export interface AppDeps {
	config: Config;
	database: Database;
	limiter: RateLimiter;
	logger: Logger;
}

/** Bodies and query strings are small on this API; the caps keep a hostile client from exhausting memory. */
const BODY_LIMIT = '1mb';
const PARAMETER_LIMIT = 5000;

export function createApp({ config, database, limiter, logger }: AppDeps): express.Express {
	const app = express();
	app.disable('x-powered-by');
	// Bracket notation (`fields[0][name]`, §4.1); arrays up to 1000 items stay arrays (qs's default is 20).
	app.set('query parser', (query: string) => qs.parse(query, { arrayLimit: 1000, depth: 5, parameterLimit: PARAMETER_LIMIT }));

	app.get('/healthz', async (_req, res) => {
		try {
			await database.connection.db?.admin().ping();
			res.json({ status: 'ok' });
		} catch {
			res.status(503).json({ status: 'unavailable' });
		}
	});

	app.use(referenceRouter(config));
	app.use(express.json({ limit: BODY_LIMIT }));
	app.use(express.urlencoded({ extended: true, limit: BODY_LIMIT, parameterLimit: PARAMETER_LIMIT }));
	app.use('/api/v1', apiRouter({ config, models: database.models, limiter, methods: apiMethods }));
	app.use('/admin/v1', adminRouter(config, database.models, new Set(apiMethods.map((method) => method.name))));
	app.use(notFoundHandler);
	app.use(errorHandler(config, logger));
	return app;
}
