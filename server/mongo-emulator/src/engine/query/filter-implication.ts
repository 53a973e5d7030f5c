/**
 * Whether a query implies another filter (every match of the query matches it), after MongoDB's
 * `expression::isSubsetOf`: a partial index may answer a query only when the query implies the index's
 * partialFilterExpression. Each condition of the implied filter must follow from one condition of the query.
 * Only comparisons, `$in` and `$exists` on scalar values are understood; anything else in the implied
 * filter makes the answer no, while anything else in the query is merely not used, so a yes is always right.
 */
import type { Document } from 'bson';
import { compareBson } from '../../bson/compare';
import { isPlainObject, typeRank } from '../../bson/types';
import { isOperatorObject, isRangeScalar } from './filter-constraints';

type Comparison = '$eq' | '$gt' | '$gte' | '$lt' | '$lte';

/** One condition of a conjunction. Values are range scalars, so never null: none matches a missing field. */
type Condition =
	| { readonly path: string; readonly kind: 'compare'; readonly operator: Comparison; readonly value: unknown }
	| { readonly path: string; readonly kind: 'in'; readonly values: readonly unknown[] }
	| { readonly path: string; readonly kind: 'exists'; readonly exists: boolean };

/** Returns a test of whether `query` implies a filter; the query is analysed once, on first use. */
export function implicationsOf(query: Document): (filter: Document) => boolean {
	let queryConditions: Condition[] | undefined;
	return (filter) => {
		const required: Condition[] = [];
		if (!collectConditions(filter, required)) return false;
		const premises = (queryConditions ??= conditionsOf(query));
		return required.every((conclusion) => premises.some((premise) => implies(premise, conclusion)));
	};
}

/** The conditions of a query that are understood; the others are just not used. */
function conditionsOf(query: Document): Condition[] {
	const conditions: Condition[] = [];
	collectConditions(query, conditions);
	return conditions;
}

/** Adds the filter's conditions to `out`; returns false when some part of it was not understood. */
function collectConditions(filter: Document, out: Condition[]): boolean {
	let complete = true;
	for (const [key, value] of Object.entries(filter)) {
		if (key === '$and' && Array.isArray(value)) {
			for (const clause of value) complete = isPlainObject(clause) && collectConditions(clause, out) && complete;
		} else if (key.startsWith('$')) {
			complete = false;
		} else if (isOperatorObject(value)) {
			for (const [operator, operand] of Object.entries(value)) {
				const condition = operatorCondition(key, operator, operand);
				if (condition) out.push(condition);
				else complete = false;
			}
		} else if (isRangeScalar(value)) {
			out.push({ path: key, kind: 'compare', operator: '$eq', value });
		} else {
			complete = false;
		}
	}
	return complete;
}

function operatorCondition(path: string, operator: string, operand: unknown): Condition | undefined {
	switch (operator) {
		case '$eq':
		case '$gt':
		case '$gte':
		case '$lt':
		case '$lte':
			return isRangeScalar(operand) ? { path, kind: 'compare', operator, value: operand } : undefined;
		case '$in':
			return Array.isArray(operand) && operand.every(isRangeScalar) ? { path, kind: 'in', values: operand } : undefined;
		case '$exists':
			return typeof operand === 'boolean' || typeof operand === 'number'
				? { path, kind: 'exists', exists: Boolean(operand) }
				: undefined;
		default:
			return undefined;
	}
}

/** Whether every document matching `premise` matches `conclusion`. */
function implies(premise: Condition, conclusion: Condition): boolean {
	if (premise.path !== conclusion.path) return false;
	switch (conclusion.kind) {
		case 'exists':
			// A comparison or $in on non-null values never matches a missing field.
			return conclusion.exists ? premise.kind !== 'exists' || premise.exists : premise.kind === 'exists' && !premise.exists;
		case 'compare':
			if (premise.kind === 'compare')
				return comparisonImplies(premise.operator, premise.value, conclusion.operator, conclusion.value);
			// An empty $in matches nothing, which implies anything.
			return (
				premise.kind === 'in' &&
				premise.values.every((value) => comparisonImplies('$eq', value, conclusion.operator, conclusion.value))
			);
		case 'in': {
			const equalities =
				premise.kind === 'in'
					? premise.values
					: premise.kind === 'compare' && premise.operator === '$eq'
						? [premise.value]
						: undefined;
			return (
				equalities !== undefined &&
				equalities.every((value) => conclusion.values.some((allowed) => comparisonImplies('$eq', value, '$eq', allowed)))
			);
		}
	}
}

/**
 * Whether `field <premise> a` implies `field <conclusion> b`. Comparisons only match values of their operand's
 * type bracket, so operands of different brackets imply nothing.
 */
function comparisonImplies(premise: Comparison, a: unknown, conclusion: Comparison, b: unknown): boolean {
	if (typeRank(a) !== typeRank(b)) return false;
	const order = compareBson(a, b);
	if (premise === conclusion && order === 0) return true;
	switch (conclusion) {
		case '$lt':
		case '$lte':
			return (premise === '$lt' || premise === '$lte' || premise === '$eq') && (conclusion === '$lte' ? order <= 0 : order < 0);
		case '$gt':
		case '$gte':
			return (premise === '$gt' || premise === '$gte' || premise === '$eq') && (conclusion === '$gte' ? order >= 0 : order > 0);
		default:
			return false;
	}
}
