/** `Retry-After` (RFC 9110 §10.2.3): either delay-seconds or an HTTP-date. */

/** Seconds to wait, never negative; undefined when the header is absent or unreadable. */
export function parseRetryAfter(value: unknown, nowMs: number): number | undefined {
	const raw = Array.isArray(value) ? value[0] : value;
	if (typeof raw === 'number') return Number.isFinite(raw) ? Math.max(0, raw) : undefined;
	if (typeof raw !== 'string') return undefined;
	const text = raw.trim();
	if (text === '') return undefined;
	if (/^\d+(?:\.\d+)?$/.test(text)) return Number(text);
	// Only a real date counts: a bare `Date.parse` would also accept things like "5 apples".
	if (!/[a-z]/i.test(text)) return undefined;
	const at = Date.parse(text);
	if (Number.isNaN(at)) return undefined;
	return Math.max(0, Math.ceil((at - nowMs) / 1000));
}
