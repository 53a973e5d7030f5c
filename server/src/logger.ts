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
const SECRET_FIELDS = new Set(['authorization', 'api_token', 'api_key', 'adminToken', 'metricsToken', 'x-admin-token', 'cookie']);
const CENSOR = '[redacted]';
/** How deep into a line's values secrets are looked for: a line's fields, and three levels below. */
const SECRET_DEPTH = 4;

/**
 * `fields` with every field named like a secret censored, down to SECRET_DEPTH; `fields` itself when there is none,
 * so a line of plain values (an access line) costs one look at each name. Objects are copied only on the way to a
 * secret, never changed: they may be the caller's.
 */
function withoutSecrets<T extends object>(fields: T, depth = 1, skip?: string): T {
	let copy: Record<string, unknown> | undefined;
	for (const key of Object.keys(fields)) {
		if (key === skip) continue;
		const value = (fields as Record<string, unknown>)[key];
		let safe = value;
		if (SECRET_FIELDS.has(key)) safe = CENSOR;
		else if (value !== null && typeof value === 'object' && depth < SECRET_DEPTH) safe = withoutSecrets(value, depth + 1);
		if (safe === value) continue;
		copy ??= (Array.isArray(fields) ? [...(fields as unknown[])] : { ...fields }) as Record<string, unknown>;
		copy[key] = safe;
	}
	return (copy as T | undefined) ?? fields;
}

/**
 * `err` as pino writes it, but a client's mistake (an error with a 4xx `status`: http-errors, ApiError) without its
 * stack: that trace says where the request was refused, nothing about a fault of the server.
 */
function errorFields(error: Error): Record<string, unknown> {
	const fields = withoutSecrets(pino.stdSerializers.err(error));
	const { status } = error as { status?: unknown };
	if (typeof status !== 'number' || status < 400 || status > 499) return fields;
	const { stack: _stack, ...withoutStack } = fields;
	return withoutStack;
}

/**
 * stdout, the lines of one turn of the event loop written together, synchronously: a busy server makes one write for
 * many access lines rather than one each (a write per line was about 4% of a getMe's CPU), and no write is ever under
 * way when the process exits, so the lines logged just before `process.exit` (e.g. "stopped", or why it could not
 * start) all reach stdout. Asynchronous writes lost them now and then: an exit does not wait for a write in flight.
 */
function stdoutInTurns(): DestinationStream {
	// sonic-boom: a synchronous write that also waits out a full non-blocking pipe (EAGAIN) rather than dropping lines.
	const stdout = pino.destination({ dest: 1, sync: true });
	let pending = '';
	const flush = () => {
		if (pending === '') return;
		const lines = pending;
		pending = '';
		stdout.write(lines);
	};
	process.on('exit', flush);
	return {
		write(line: string) {
			if (pending === '') setImmediate(flush);
			pending += line;
		},
	};
}

/** One per process, as stdout is: its exit hook is registered once however many loggers write to it. */
let sharedStdout: DestinationStream | undefined;
const stdoutLines = () => (sharedStdout ??= stdoutInTurns());

export interface LoggerSettings {
	logLevel: LogLevel;
	logFormat: LogFormat;
}

export function createLogger({ logLevel, logFormat }: LoggerSettings, destination?: DestinationStream): Logger {
	return pino(
		{
			level: logLevel,
			formatters: {
				// Level names ("warn") rather than pino's numbers: log processors and people read them as they are.
				level: (label) => ({ level: label }),
				// Secrets are censored here rather than by pino's wildcard redaction, which copied and serialized every
				// field of every line (a twentieth of a getMe's CPU). `err` is left to its serializer, which sees the
				// error's own fields: a copy made here would no longer be an Error.
				log: (fields) => withoutSecrets(fields, 1, 'err'),
			},
			timestamp: pino.stdTimeFunctions.isoTime,
			// Serializers by name also see a child logger's bindings, which the formatter above does not.
			serializers: { err: errorFields, ...Object.fromEntries([...SECRET_FIELDS].map((field) => [field, () => CENSOR])) },
		},
		destination ?? (logFormat === 'pretty' ? prettyLines(process.stdout) : stdoutLines()),
	);
}

export const silentLogger: Logger = pino({ level: 'silent' });
