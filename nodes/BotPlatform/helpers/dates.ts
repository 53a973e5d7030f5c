/**
 * Date filters are Unix seconds in the API (spec §4.14). n8n's date picker gives wall-clock text such as
 * "2024-05-01T00:00:00" meant in the workflow's time zone; expressions may give ISO text with an offset,
 * a luxon DateTime, a JS Date, or a number (taken as Unix seconds).
 */

export class DateInputError extends Error {}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/** Minutes east of UTC that `timeZone` shows at the instant `utcMs`. */
function offsetMinutes(timeZone: string, utcMs: number): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(utcMs));
	const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
	const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
	return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

/** Wall-clock fields in `timeZone` → epoch milliseconds (two passes settle the offset around DST changes). */
function zonedToUtc(fields: number[], timeZone: string): number {
	const [year, month, day, hour, minute, second] = fields;
	const naive = Date.UTC(year, month - 1, day, hour, minute, second);
	let utc = naive - offsetMinutes(timeZone, naive) * 60_000;
	utc = naive - offsetMinutes(timeZone, utc) * 60_000;
	return utc;
}

export function toUnixSeconds(value: unknown, timeZone: string): number {
	if (typeof value === 'number') {
		if (!Number.isFinite(value) || value < 0) throw new DateInputError(`${value} is not a Unix time in seconds`);
		return Math.floor(value);
	}
	if (value instanceof Date) return Math.floor(value.getTime() / 1000);
	if (
		value !== null &&
		typeof value === 'object' &&
		'toISO' in value &&
		typeof (value as { toISO: unknown }).toISO === 'function'
	) {
		return toUnixSeconds((value as { toISO: () => string }).toISO(), timeZone);
	}
	if (typeof value !== 'string' || value.trim() === '') throw new DateInputError('The date is empty');
	const textForm = value.trim();
	if (/^\d+$/.test(textForm)) return Number(textForm);
	const wallClock = WALL_CLOCK.exec(textForm);
	if (wallClock) {
		const fields = wallClock.slice(1, 7).map((part) => (part === undefined ? 0 : Number(part)));
		return Math.floor(zonedToUtc(fields, timeZone) / 1000);
	}
	const parsed = Date.parse(textForm);
	if (Number.isNaN(parsed)) throw new DateInputError(`"${textForm}" is not a date`);
	return Math.floor(parsed / 1000);
}
