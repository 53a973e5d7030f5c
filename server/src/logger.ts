/**
 * The service's log: pino, one JSON object a line on stdout (`LOG_FORMAT=pretty` or a terminal: lines for a
 * person). Everything logs through this `Logger`; tests pass `silentLogger` or a logger of their own stream.
 */
import pino, { type DestinationStream } from 'pino';
import type { LogFormat, LogLevel } from './config';
import { prettyLines } from './observability/pretty-log';

export type Logger = pino.Logger;

/**
 * Secrets that must never reach a log line, wherever a caller puts them: API keys (header, query or body),
 * the admin and metrics tokens, cookies. Access lines carry none of these; this is the net below them.
 */
const SECRET_FIELDS = ['authorization', 'api_token', 'api_key', 'adminToken', 'metricsToken', 'x-admin-token', 'cookie'];
const REDACT_PATHS = SECRET_FIELDS.flatMap((field) => {
	const key = /^[a-z_][a-z0-9_]*$/i.test(field) ? field : `["${field}"]`;
	const dotted = key.startsWith('[') ? key : `.${key}`;
	return [key, `*${dotted}`, `*.*${dotted}`, `*.*.*${dotted}`];
});

/**
 * `err` as pino writes it, but a client's mistake (an error with a 4xx `status`: http-errors, ApiError) without its
 * stack: that trace says where the request was refused, nothing about a fault of the server.
 */
function errorFields(error: Error): Record<string, unknown> {
	const fields = pino.stdSerializers.err(error);
	const { status } = error as { status?: unknown };
	if (typeof status !== 'number' || status < 400 || status > 499) return fields;
	const { stack: _stack, ...withoutStack } = fields;
	return withoutStack;
}

export interface LoggerSettings {
	logLevel: LogLevel;
	logFormat: LogFormat;
}

export function createLogger({ logLevel, logFormat }: LoggerSettings, destination?: DestinationStream): Logger {
	return pino(
		{
			level: logLevel,
			// Level names ("warn") rather than pino's numbers: log processors and people read them as they are.
			formatters: { level: (label) => ({ level: label }) },
			timestamp: pino.stdTimeFunctions.isoTime,
			redact: { paths: REDACT_PATHS, censor: '[redacted]' },
			serializers: { err: errorFields },
		},
		destination ?? (logFormat === 'pretty' ? prettyLines(process.stdout) : pino.destination({ dest: 1, sync: true })),
	);
}

export const silentLogger: Logger = pino({ level: 'silent' });
