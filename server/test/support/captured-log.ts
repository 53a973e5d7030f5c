/** A server logger whose lines a test reads: pino's JSON objects, parsed, in the order they were written. */
import { createLogger, type Logger } from '../../src/logger';

export type LogLine = Record<string, any>;

export function capturedLog(): { logger: Logger; lines: LogLine[] } {
	const lines: LogLine[] = [];
	const logger = createLogger(
		{ logLevel: 'info', logFormat: 'json' },
		{ write: (line: string) => void lines.push(JSON.parse(line)) },
	);
	return { logger, lines };
}
