/**
 * Bracket notation (`fields[0][name]=x`, §4.1), one grammar for query strings, urlencoded bodies and multipart
 * fields, with the same limits for all three: at most MAX_PARAMETERS parameters (413) and MAX_DEPTH levels of
 * nesting (400). JSON bodies get the same depth limit in `request-params.ts`.
 */
import qs from 'qs';
import { ApiError } from './errors';

/** Parameters in one query string or body: more is a 413, never a silent cut. */
export const MAX_PARAMETERS = 5000;

/** Levels of nesting below a parameter's name; this API needs two (`fields[0][name]`). More is a 400. */
export const MAX_DEPTH = 32;

/** Arrays up to this many items stay arrays (qs's default is 20); larger indexes make an object with numeric keys. */
const ARRAY_LIMIT = 1000;

export const tooManyParameters = () => new ApiError(413, { message: `The request has more than ${MAX_PARAMETERS} parameters.` });

export const nestedTooDeeply = () =>
	new ApiError(400, { message: `The request nests parameters more than ${MAX_DEPTH} levels deep.` });

/** Counts as qs does: each `&`-separated part is one parameter. */
function parameterCount(text: string): number {
	let count = 1;
	for (let i = text.indexOf('&'); i !== -1; i = text.indexOf('&', i + 1)) count++;
	return count;
}

/** Parses `a[b][0]=c&...` (null: a URL without a query string); throws a 413 or 400 ApiError past the limits. */
export function parseBracketParameters(text: string | null): Record<string, unknown> {
	if (text === null || text === '') return {};
	if (parameterCount(text) > MAX_PARAMETERS) throw tooManyParameters();
	try {
		return qs.parse(text, { arrayLimit: ARRAY_LIMIT, depth: MAX_DEPTH, strictDepth: true, parameterLimit: MAX_PARAMETERS });
	} catch (error) {
		// qs's only error with these options: nesting past `depth`.
		if (error instanceof RangeError) throw nestedTooDeeply();
		throw error;
	}
}

/** Name and value pairs (multipart fields, in order) as the same text, so they are read exactly like a form. */
export function bracketText(pairs: ReadonlyArray<readonly [string, string]>): string {
	return new URLSearchParams(pairs as [string, string][]).toString();
}
