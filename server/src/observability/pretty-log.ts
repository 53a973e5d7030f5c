/**
 * Log lines for a person at a terminal: `12:00:01.234 INFO  message key=value …`, coloured by level.
 * Written here rather than with pino-pretty: it is a dozen lines, and production installs carry no formatter.
 */
import type { Writable } from 'node:stream';

const LEVEL_COLOURS: Record<string, string> = {
	fatal: '\x1b[41m',
	error: '\x1b[31m',
	warn: '\x1b[33m',
	info: '\x1b[32m',
	debug: '\x1b[36m',
	trace: '\x1b[90m',
};
const RESET = '\x1b[0m';
/** Fields every line has, shown in the line's head or not at all. */
const HEAD_FIELDS = new Set(['time', 'level', 'msg', 'pid', 'hostname']);

export function formatLine(json: string, colour: boolean): string {
	let entry: Record<string, unknown>;
	try {
		entry = JSON.parse(json) as Record<string, unknown>;
	} catch {
		return json;
	}
	const time = typeof entry.time === 'string' ? entry.time.slice(11, 23) : '';
	const level = String(entry.level ?? '')
		.toUpperCase()
		.padEnd(5);
	const paint = colour ? (LEVEL_COLOURS[String(entry.level)] ?? '') : '';
	const fields = Object.entries(entry)
		.filter(([key]) => !HEAD_FIELDS.has(key))
		.map(([key, value]) => `${key}=${typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value)}`);
	return `${time} ${paint}${level}${paint && RESET} ${String(entry.msg ?? '')}${fields.length ? ` ${fields.join(' ')}` : ''}\n`;
}

/** A pino destination that writes each line formatted for people. */
export function prettyLines(out: Writable & { isTTY?: boolean }): { write(line: string): void } {
	const colour = out.isTTY === true;
	return { write: (line) => void out.write(formatLine(line, colour)) };
}
