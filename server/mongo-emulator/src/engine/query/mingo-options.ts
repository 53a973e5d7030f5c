/**
 * The options every mingo call shares. Some of mingo's query operators are replaced by BSON-aware ones
 * (bson-query-operators.ts); since mingo gives its built-in operators precedence over custom ones of the
 * same name, the replacements get their own names and filters are rewritten to use them (toMingoFilter).
 *
 * mingo copies the operator registry it is given on every call (its root entry points even merge their own
 * into a new one first), which took longer than the rest of a small command. So the emulator calls mingo's
 * core entry points with registries merged once, and compiles filters and updates without `$expr` with the
 * query operators alone (the updater adds the few expression operators it needs).
 */
// Every module that imports mingo's core entry points also imports this one, so their types come in with it (an
// ambient declaration file cannot be imported, and a program that reaches this package through its index only,
// like the server's tests, would otherwise miss them).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./mingo-entry-points.d.ts" />
import type { Document } from 'bson';
import { Context } from 'mingo';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as mingoQueryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import type { Query } from 'mingo/query';
import { isPlainObject } from '../../bson/types';
import { badValue, CommandError } from '../../errors';
import { BSON_QUERY_OPERATORS } from './bson-query-operators';

type MingoOptions = NonNullable<ConstructorParameters<typeof Query>[1]>;

const queryOperators = {
	...mingoQueryOperators,
	...Object.fromEntries(Object.values(BSON_QUERY_OPERATORS).map(({ name, operator }) => [name, operator])),
};

/** For aggregations, projections and anything using `$expr`. */
export const MINGO_OPTIONS: MingoOptions = {
	context: Context.init({
		accumulator: accumulatorOperators,
		expression: expressionOperators,
		pipeline: pipelineOperators,
		projection: projectionOperators,
		query: queryOperators,
		window: windowOperators,
	}),
	scriptEnabled: false,
};

const QUERY_OPTIONS: MingoOptions = { context: Context.init({ query: queryOperators }), scriptEnabled: false };

/** The options for compiling filters or updates: the query operators alone, unless one uses `$expr`. */
export function mingoOptionsFor(...sources: unknown[]): MingoOptions {
	return sources.some(usesExpressions) ? MINGO_OPTIONS : QUERY_OPTIONS;
}

function usesExpressions(value: unknown): boolean {
	if (Array.isArray(value)) return value.some(usesExpressions);
	return isPlainObject(value) && Object.entries(value).some(([key, item]) => key === '$expr' || usesExpressions(item));
}

/** Rewrites a query filter to use the BSON-aware operators. */
export function toMingoFilter(filter: Document): Document {
	const rewritten: Document = {};
	for (const [key, condition] of Object.entries(filter)) {
		if ((key === '$and' || key === '$or' || key === '$nor') && Array.isArray(condition)) {
			rewritten[key] = condition.map((clause: unknown) => (isPlainObject(clause) ? toMingoFilter(clause) : clause));
		} else {
			rewritten[key] = key.startsWith('$') ? condition : toMingoCondition(condition);
		}
	}
	return rewritten;
}

/** A field's condition: operators are rewritten, a plain value is an equality and stays as it is. */
function toMingoCondition(condition: unknown): unknown {
	if (!isPlainObject(condition) || !Object.keys(condition).every((key) => key.startsWith('$'))) return condition;
	const rewritten: Document = {};
	for (const [operator, operand] of Object.entries(condition)) {
		if (operator === '$not') rewritten.$not = toMingoCondition(operand);
		else if (operator === '$elemMatch' && isPlainObject(operand)) rewritten.$elemMatch = toMingoElemMatch(operand);
		else rewritten[BSON_QUERY_OPERATORS[operator]?.name ?? operator] = operand;
	}
	return rewritten;
}

/** `$elemMatch` takes either operators on the elements or a filter on embedded documents. */
function toMingoElemMatch(operand: Document): Document {
	const keys = Object.keys(operand);
	const isCondition = keys.length > 0 && keys.every((key) => key.startsWith('$') && !['$and', '$or', '$nor'].includes(key));
	return isCondition ? (toMingoCondition(operand) as Document) : toMingoFilter(operand);
}

/** mingo reports invalid input (unknown operators, bad expressions) as plain errors: make them BadValue. */
export function fromMingoError(error: unknown): unknown {
	return error instanceof Error && !(error instanceof CommandError) ? badValue(error.message) : error;
}

export function withMingo<T>(run: () => T): T {
	try {
		return run();
	} catch (error) {
		throw fromMingoError(error);
	}
}
