/**
 * The first middleware: names the request (its id, returned in `X-Request-Id`) and, once its answer is finished or
 * its client has gone, writes its access line and counts it in the metrics, once. (pino-http did the
 * line before: a child logger and three listeners per request, about 6% of a getMe's request thread.)
 */
import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger';
import { requestIdFor, writeAccessLine } from './access-log';
import { countRequest, type Metrics } from './metrics';
import { handlerOf, noteRequestId } from './request-labels';

export function observeRequests(logger: Logger, metrics: Metrics): RequestHandler {
	return (req, res, next) => {
		const started = performance.now();
		const id = requestIdFor(req);
		res.setHeader('X-Request-Id', id);
		noteRequestId(res, id);
		// `finish` when the answer has been handed to the socket; `close` alone when the client went away first.
		// `close` also follows a finished answer, but not always at once: under load it was seen several requests
		// later, which put the lines out of order and the durations too long. So the first of the two writes the line.
		let observed = false;
		const observe = () => {
			if (observed) return;
			observed = true;
			const elapsedMs = performance.now() - started;
			const handler = handlerOf(req);
			writeAccessLine(logger, req, res, handler, Math.round(elapsedMs));
			countRequest(metrics, handler, res, elapsedMs / 1000);
		};
		res.once('finish', observe);
		res.once('close', observe);
		next();
	};
}
