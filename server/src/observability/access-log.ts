/**
 * One access line per request (pino-http): request id, HTTP method, path, API method, status, duration, account
 * id, for a refusal its reason (a client's mistake gets no line of its own), and `injected: true` when a fault
 * acted on the request. Never the query string or the body, where API keys may travel (`api_token`), nor any header.
 * The request id is the client's `X-Request-Id` when it is a sensible token, else a new UUID; either way it
 * is returned in `X-Request-Id` and bound to `req.log`, so every line about the request carries it.
 */
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger';
import { accountOf, apiMethodOf, handlerOf, injectedFaultOf, refusalOf } from './request-labels';

/** Short, printable, no spaces: what proxies and tracing systems send. Anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._:/+=-]{1,128}$/;
/** Polled by machines every few seconds: at `debug`, so they do not drown the log (still there with LOG_LEVEL=debug). */
const QUIET_WHEN_OK = new Set(['healthz', 'metrics']);

function accessFields(req: Request, res: Response, durationMs: number): Record<string, unknown> {
	const handler = handlerOf(req);
	const injectedFault = injectedFaultOf(res);
	return {
		method: req.method,
		path: req.originalUrl.split('?')[0].slice(0, 200),
		handler,
		api_method: apiMethodOf(res),
		status: res.statusCode,
		duration_ms: durationMs,
		user_id: accountOf(res),
		error: refusalOf(res),
		remote_addr: req.ip,
		// A response that never finished: the client went away first.
		...(!res.writableFinished && { aborted: true }),
		// A fault acted on it on purpose (test double): its answer, delay or dropped connection was asked for.
		...(injectedFault !== undefined && { injected: true, fault_id: injectedFault }),
	};
}

export function accessLog(logger: Logger): RequestHandler {
	const middleware = pinoHttp<Request, Response>({
		logger,
		genReqId(req, res) {
			const sent = req.get('x-request-id');
			const id = sent !== undefined && REQUEST_ID.test(sent) ? sent : randomUUID();
			res.setHeader('X-Request-Id', id);
			return id;
		},
		customAttributeKeys: { reqId: 'req_id', responseTime: 'duration_ms' },
		// pino-http serializes the request when each request begins (for a logger we never use): only its id, so it
		// reads neither the headers nor `req.query`, whose parser refuses a malformed query string in the route (400,
		// 413) and must not do so here. Not wrapped, so `err` stays the service logger's (no stack for a 4xx).
		wrapSerializers: false,
		serializers: { req: (req: Request) => ({ id: req.id }) },
		// The lines carry only the fields below, not pino-http's dump of the request and response.
		quietReqLogger: true,
		quietResLogger: true,
		customSuccessObject: (req, res, fields: { duration_ms: number }) => accessFields(req, res, fields.duration_ms),
		customErrorObject: (req, res, _error, fields: { duration_ms: number }) => accessFields(req, res, fields.duration_ms),
		customSuccessMessage: () => 'request',
		customErrorMessage: () => 'request',
		customLogLevel(req, res) {
			// A 503 is an outage already logged once as such (database connection lost), not a fault per request.
			if (res.statusCode === 503) return 'warn';
			if (res.statusCode >= 500) return 'error';
			return QUIET_WHEN_OK.has(handlerOf(req)) && res.statusCode < 400 ? 'debug' : 'info';
		},
	});
	return middleware as unknown as RequestHandler;
}
