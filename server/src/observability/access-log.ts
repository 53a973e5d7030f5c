/**
 * One access line per request: request id, HTTP method, path, API method, status, duration, account id, for a
 * refusal its reason (a client's mistake gets no line of its own), and `injected: true` when a fault acted on the
 * request. Never the query string or the body, where API keys may travel (`api_token`), nor any header.
 * The request id is the client's `X-Request-Id` when it is a sensible token, else a new UUID; either way it is
 * returned in `X-Request-Id`, and every line about the request carries it as `req_id`.
 */
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Level } from 'pino';
import type { Logger } from '../logger';
import { accountOf, apiMethodOf, injectedFaultOf, pathOf, refusalOf, requestIdOf, type Handler } from './request-labels';

/** Short, printable, no spaces: what proxies and tracing systems send. Anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._:/+=-]{1,128}$/;
/** Polled by machines every few seconds: at `debug`, so they do not drown the log (still there with LOG_LEVEL=debug). */
const QUIET_WHEN_OK = new Set<Handler>(['healthz', 'metrics']);

/** The id of a request that has just arrived: the one the client sent when it is sensible, else a new one. */
export function requestIdFor(req: Request): string {
	const sent = req.headers['x-request-id'];
	return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
}

function levelOf(handler: Handler, status: number): Level {
	// A 503 is an outage already logged once as such (database connection lost), not a fault per request.
	if (status === 503) return 'warn';
	if (status >= 500) return 'error';
	return QUIET_WHEN_OK.has(handler) && status < 400 ? 'debug' : 'info';
}

/** Writes the access line of a request whose answer is finished, or whose client has gone. */
export function writeAccessLine(logger: Logger, req: Request, res: Response, handler: Handler, durationMs: number): void {
	const level = levelOf(handler, res.statusCode);
	if (!logger.isLevelEnabled(level)) return;
	const injectedFault = injectedFaultOf(res);
	logger[level](
		{
			req_id: requestIdOf(res),
			method: req.method,
			path: pathOf(req).slice(0, 200),
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
		},
		'request',
	);
}
