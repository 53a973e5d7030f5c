/** Log lines for people (LOG_FORMAT=pretty): time, level, message, then the line's own fields. */
import { formatLine } from '../../src/observability/pretty-log';

const line = JSON.stringify({
	level: 'info',
	time: '2026-11-24T01:02:03.456Z',
	pid: 1,
	hostname: 'h',
	msg: 'request',
	method: 'GET',
	path: '/api/v1/getMe',
	status: 200,
	user_agent: 'curl 8',
});

test('time of day, level, message, then key=value (JSON where a value has spaces or is not a string)', () => {
	expect(formatLine(line, false)).toBe(
		'01:02:03.456 INFO  request method=GET path=/api/v1/getMe status=200 user_agent="curl 8"\n',
	);
});

test('the level is coloured for a terminal only', () => {
	expect(formatLine(line, true)).toContain('\x1b[32mINFO \x1b[0m');
	expect(formatLine(line, false)).not.toContain('\x1b[');
});

test('a line that is not JSON is passed through as it is', () => {
	expect(formatLine('plain text\n', false)).toBe('plain text\n');
});
