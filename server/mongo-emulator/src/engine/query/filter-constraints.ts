/**
 * What a filter says about individual fields, for choosing index bounds. Only conditions that every
 * matching document must satisfy are extracted (top level and `$and`), so bounds built from them select
 * a superset of the matches; the filter itself is still applied to every candidate.
 */
import type { Document } from 'bson';
import { isLong, isObjectId, isPlainObject, typeRank } from '../../bson/types';
import { bracketEdges } from './type-brackets';

export interface ValueBound {
	readonly value: unknown;
	readonly inclusive: boolean;
}

export type Constraint =
	| { readonly kind: 'points'; readonly values: readonly unknown[]; readonly exact: boolean }
	| { readonly kind: 'range'; readonly low?: ValueBound; readonly high?: ValueBound; readonly exact: boolean };

export interface FilterConstraints {
	readonly byPath: ReadonlyMap<string, Constraint>;
	/**
	 * True when the constraints say everything the filter says, with each constraint `exact`; then the
	 * documents inside the bounds are exactly the matches (used to count from the index alone).
	 */
	readonly complete: boolean;
	/** The constraints that came from the filter's own top-level fields (not from `$and` clauses). */
	readonly fromFields: ReadonlyMap<string, Constraint>;
}

export function analyzeFilter(filter: Document): FilterConstraints {
	const byPath = new Map<string, Constraint>();
	const fromFields = new Map<string, Constraint>();
	let complete = true;
	for (const [key, value] of Object.entries(filter)) {
		if (key === '$and' && Array.isArray(value)) {
			for (const clause of value) {
				const nested = isPlainObject(clause) ? analyzeFilter(clause) : { byPath: new Map<string, Constraint>(), complete: false };
				complete = mergeInto(byPath, nested.byPath) && nested.complete && complete;
			}
			continue;
		}
		const constraint = key.startsWith('$') ? undefined : constraintFor(value);
		if (!constraint) {
			complete = false;
			continue;
		}
		fromFields.set(key, constraint);
		complete = mergeInto(byPath, new Map([[key, constraint]])) && complete;
	}
	return { byPath, complete, fromFields };
}

/** Adds constraints on new paths; a second constraint on a path is dropped (either one alone is still implied). */
function mergeInto(target: Map<string, Constraint>, source: ReadonlyMap<string, Constraint>): boolean {
	let merged = true;
	for (const [path, constraint] of source) {
		const existing = target.get(path);
		if (existing) {
			merged = false;
			if (existing.kind === 'points') continue;
		}
		target.set(path, existing ? { ...constraint, exact: false } : constraint);
	}
	return merged;
}

function constraintFor(condition: unknown): Constraint | undefined {
	if (isOperatorObject(condition)) return constraintForOperators(condition);
	return isIndexableScalar(condition) ? { kind: 'points', values: [condition], exact: true } : undefined;
}

function constraintForOperators(operators: Document): Constraint | undefined {
	let points: readonly unknown[] | undefined;
	let low: ValueBound | undefined;
	let high: ValueBound | undefined;
	let exact = true;
	for (const [operator, operand] of Object.entries(operators)) {
		if (operator === '$eq' && isIndexableScalar(operand) && !points) points = [operand];
		else if (operator === '$in' && Array.isArray(operand) && operand.every(isIndexableScalar) && !points) points = operand;
		else if ((operator === '$gt' || operator === '$gte') && isRangeScalar(operand) && !low)
			low = { value: operand, inclusive: operator === '$gte' };
		else if ((operator === '$lt' || operator === '$lte') && isRangeScalar(operand) && !high)
			high = { value: operand, inclusive: operator === '$lte' };
		else exact = false;
	}
	if (points) return { kind: 'points', values: points, exact: exact && !low && !high };
	const side = low ?? high;
	if (!side) return undefined;
	// A one-sided range is closed by its type bracket's edge (type-brackets.ts); bounds from one bracket
	// to another also hold the brackets between them.
	const bracketed = low && high ? typeRank(low.value) === typeRank(high.value) : bracketEdges(side.value) !== undefined;
	return { kind: 'range', low, high, exact: exact && bracketed };
}

export function isOperatorObject(value: unknown): value is Document {
	if (!isPlainObject(value)) return false;
	const keys = Object.keys(value);
	return keys.length > 0 && keys.every((key) => key.startsWith('$'));
}

/** Values whose index entries are exactly the documents equal to them (null also stands for missing). */
function isIndexableScalar(value: unknown): boolean {
	return value === null || isRangeScalar(value);
}

/** Values that comparison operators and index bounds order like MongoDB (not null, NaN or Decimal128). */
export function isRangeScalar(value: unknown): boolean {
	switch (typeof value) {
		case 'number':
			return !Number.isNaN(value);
		case 'string':
		case 'boolean':
			return true;
		default:
			return value instanceof Date || isObjectId(value) || isLong(value);
	}
}
