/**
 * Filter matching: the usual shapes directly (direct-matcher.ts), the others by mingo (with the BSON-aware
 * operators of bson-query-operators.ts).
 */
import { Query } from 'mingo/query';
import type { Document } from 'bson';
import { isDecimal128, isPlainObject, type PlainObject } from '../../bson/types';
import { badValue } from '../../errors';
import { compileDirectFilter } from './direct-matcher';
import { fromMingoError, mingoOptionsFor, toMingoFilter, withMingo } from './mingo-options';

export type DocumentMatcher = (doc: PlainObject) => boolean;

export const matchAll: DocumentMatcher = () => true;

/** `variables` are a command's `let`, which only mingo's expressions (`$expr`) read. */
export function compileFilter(filter: Document | undefined, variables?: Document): DocumentMatcher {
	if (filter === undefined || Object.keys(filter).length === 0) return matchAll;
	if (!isPlainObject(filter)) throw badValue('filter must be an object');
	const direct = compileDirectFilter(filter);
	if (direct) return direct;
	return compileWithMingo(filter, variables);
}

/** Through mingo's `Query`, whatever the filter (exported for the tests that hold the direct matcher to it). */
export function compileWithMingo(filter: Document, variables?: Document): DocumentMatcher {
	rejectDecimal128(filter);
	const options = mingoOptionsFor(filter);
	const query = withMingo(() => new Query(toMingoFilter(filter), variables ? { ...options, variables } : options));
	return (doc) => {
		try {
			return query.test(doc);
		} catch (error) {
			throw fromMingoError(error);
		}
	};
}

/** mingo would compare Decimal128 operands by their string form; refuse rather than answer wrongly. */
function rejectDecimal128(value: unknown): void {
	if (isDecimal128(value)) throw badValue('Decimal128 values in filters are not supported by the mongo emulator');
	if (Array.isArray(value)) value.forEach(rejectDecimal128);
	else if (isPlainObject(value)) Object.values(value).forEach(rejectDecimal128);
}
