/**
 * The parameters of an API call: the query string, overlaid by the body for POST (§4.1).
 * As on the platform (Laravel's TrimStrings and ConvertEmptyStringsToNull), strings are trimmed and an
 * empty string means null, at every depth, so the rules treat JSON, form and query input alike.
 */
import type { Request } from 'express';
import { ApiError } from './errors';
import { MAX_DEPTH, nestedTooDeeply } from './form-encoding';

export type Params = Record<string, unknown>;

/**
 * Trims strings and turns empty ones into null. A JSON body may nest deeper than forms can (MAX_DEPTH below a
 * parameter's name); it is refused the same way, before any recursion could run out of stack.
 */
export function normalize(value: unknown, depth = 0): unknown {
	if (typeof value === 'string') {
		const trimmed = value.trim();
		return trimmed === '' ? null : trimmed;
	}
	if (value === null || typeof value !== 'object') return value;
	if (depth > MAX_DEPTH) throw nestedTooDeeply();
	if (Array.isArray(value)) return value.map((inner) => normalize(inner, depth + 1));
	return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, normalize(inner, depth + 1)]));
}

function isPlainObject(value: unknown): value is Params {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function requestParams(req: Request): Params {
	const query = isPlainObject(req.query) ? req.query : {};
	const body: unknown = req.body;
	if (body !== undefined && !isPlainObject(body)) {
		throw new ApiError(400, { message: 'The request body must be a JSON object.' });
	}
	return normalize({ ...query, ...(body ?? {}) }) as Params;
}
