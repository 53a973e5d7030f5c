/**
 * The last middleware: every failure becomes a JSON answer in the API's shapes, never a 500 with internals.
 * On the API (the platform's Laravel-compatible surface), a validation failure for a client that does not expect
 * JSON, by Laravel's rule (`expects-json.ts`), is a redirect back, as on the platform (§4.1); every other failure,
 * and every answer of the admin API, is JSON whatever the client accepts.
 */
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { noteRefusal, requestIdOf } from '../observability/request-labels';
import { ApiError, ValidationError } from './errors';
import { expectsJson } from './expects-json';
import { publicBase } from './public-url';

function redirectTarget(req: Request, config: Config): string {
	const referer = req.get('referer');
	if (referer && URL.canParse(referer)) return referer;
	return `${publicBase(req, config)}/`;
}

/**
 * Errors raised by express's body parsers (http-errors: a 4xx `status`, and a `type`) and by its router (a URIError
 * with `status` 400 for a malformed %-escape in the path) are the client's mistakes: they keep their status, in the
 * API's JSON shape.
 */
function clientMistake(error: unknown): ApiError | undefined {
	if (typeof error !== 'object' || error === null) return undefined;
	const { status, expose, type, message } = error as { status?: unknown; expose?: unknown; type?: unknown; message?: unknown };
	if (typeof status !== 'number' || status < 400 || status > 499 || expose === false) return undefined;
	switch (type) {
		case 'entity.parse.failed':
			return new ApiError(400, { message: 'The request body is not valid JSON or form data.' });
		case 'entity.too.large':
			return new ApiError(413, { message: 'The request body is too large.' });
		case 'parameters.too.many':
			return new ApiError(413, { message: 'The request has too many parameters.' });
		case 'encoding.unsupported':
		case 'charset.unsupported':
			return new ApiError(415, { message: 'The request body encoding is not supported.' });
		case 'request.aborted':
			return new ApiError(400, { message: 'The request was aborted.' });
		default:
			// A body that does not decompress as its Content-Encoding says, a malformed %-escape in the path, ...
			return new ApiError(status, { message: `The request is malformed: ${String(message)}` });
	}
}

/** The database is unreachable: a temporary condition, not a server fault. */
const databaseUnavailable = () =>
	new ApiError(503, { message: 'The database is unavailable. Try again shortly.' }, { 'Retry-After': '5' });

/** `unreachable` tells an error that means the database cannot be reached now (`database/unreachable.ts`). */
export function errorHandler(config: Config, logger: Logger, unreachable: (error: unknown) => boolean): ErrorRequestHandler {
	return (error: unknown, req, res, next) => {
		if (res.headersSent) return next(error);
		const apiError =
			error instanceof ApiError ? error : (clientMistake(error) ?? (unreachable(error) ? databaseUnavailable() : undefined));
		if (!apiError) {
			// With the request id, so this line and the request's access line meet.
			logger.error({ req_id: requestIdOf(res), err: error }, `unexpected error on ${req.method} ${req.path}`);
			res.status(500).json({ message: 'Server Error' });
			return;
		}
		// A client's mistake is said on the request's access line, however cheap it is to repeat: never a line of its own.
		noteRefusal(res, apiError.logText);
		res.set(apiError.headers);
		if (apiError instanceof ValidationError && apiError.redirectsUnlessJson && !expectsJson(req)) {
			// The platform's redirect back (§4.1); the body still says what failed, as JSON like every other answer.
			res.status(302).location(redirectTarget(req, config)).json(apiError.body);
			return;
		}
		res.status(apiError.status).json(apiError.body);
	};
}

export const notFoundHandler: RequestHandler = (req, res) => {
	const error = `Not found: ${req.method} ${req.path}`;
	noteRefusal(res, error);
	res.status(404).json({ error });
};
