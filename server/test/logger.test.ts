/** The service logger's `err`: a server fault keeps its stack; a client's mistake (a 4xx error) is logged without one. */
import { ApiError } from '../src/http/errors';
import { capturedLog } from './support/captured-log';

test('an error with a 4xx status is logged with its message and no stack; any other error with its stack', () => {
	const { logger, lines } = capturedLog();
	const parserError = Object.assign(new Error('incorrect header check'), { status: 400, expose: true });
	logger.warn({ err: parserError }, 'refused');
	logger.warn({ err: new ApiError(413, { message: 'The request body is too large.' }) }, 'refused');
	logger.error({ err: new TypeError('x is undefined') }, 'fault');
	expect(lines.map((line) => [line.err.message, typeof line.err.stack])).toEqual([
		['incorrect header check', 'undefined'],
		['The request body is too large.', 'undefined'],
		['x is undefined', 'string'],
	]);
	expect(lines[2].err.stack).toMatch(/^TypeError: x is undefined\n\s+at /);
});
