/**
 * Times in the trigger are whole Unix seconds, the unit of the API's `date_from` (spec §4.14). Contacts carry
 * `created_at` as ISO text stamped by the server's clock, so "now" is taken from the server where it can be: its
 * `Date` response header (RFC 9110 §6.6.1). n8n's own clock is only a fallback and a second bound.
 */
import type { IDataObject } from 'n8n-workflow';

/** ISO text (or a Date) → Unix seconds, floored like the API's second-granular filters; undefined if unreadable. */
export function unixSeconds(value: unknown): number | undefined {
	const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN;
	return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}

/** The server's clock from a response's `Date` header, in Unix seconds. */
export function serverSeconds(headers: IDataObject | undefined): number | undefined {
	if (!headers) return undefined;
	const key = Object.keys(headers).find((name) => name.toLowerCase() === 'date');
	const value = key === undefined ? undefined : headers[key];
	return unixSeconds(Array.isArray(value) ? value[0] : value);
}

/**
 * "Now" for capping the cursor: the earlier of n8n's clock and the server's. A clock that is behind only widens
 * the next poll's window (more re-reading, nothing lost); one that is ahead is never trusted alone.
 */
export function pollNow(n8nMs: number, server: number | undefined): number {
	const n8n = Math.floor(n8nMs / 1000);
	return server === undefined ? n8n : Math.min(n8n, server);
}
