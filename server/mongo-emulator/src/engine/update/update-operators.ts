/**
 * Operator updates (`{$set: ..., $inc: ...}`), applied by mingo unless they only set and unset top-level
 * fields. mingo lacks $setOnInsert, silently skips $inc on non-numbers and int64, and orders $min/$max by its
 * own type order; so those operators are computed here on plain paths and handed to mingo as $set.
 */
import type { Document } from 'bson';
import { update as mingoUpdate } from 'mingo/updater';
import { cloneValue } from '../../bson/clone';
import { compareBson } from '../../bson/compare';
import { formatValue } from '../../bson/format';
import { addNumbers, multiplyNumbers } from '../../bson/numeric';
import { isTopLevelField, valueAtPath } from '../../bson/paths';
import { bsonTag, isLong, isNumeric, isPlainObject, type PlainObject } from '../../bson/types';
import { badValue, CommandError } from '../../errors';
import { fromMingoError, mingoOptionsFor, toMingoFilter } from '../query/mingo-options';

export const SUPPORTED_OPERATORS: ReadonlySet<string> = new Set([
	'$set',
	'$unset',
	'$inc',
	'$mul',
	'$min',
	'$max',
	'$push',
	'$pull',
	'$pullAll',
	'$addToSet',
	'$pop',
	'$rename',
	'$currentDate',
	'$setOnInsert',
	'$bit',
]);

type Computation = (current: unknown, operand: unknown, path: string, doc: PlainObject) => unknown;

/** Operators computed here: each turns (current value, operand) into the value to $set. */
const COMPUTED = new Map<string, Computation>([
	['$inc', (current, operand, path, doc) => addNumbers(numericTarget('$inc', current, path, doc), operand)],
	['$mul', (current, operand, path, doc) => multiplyNumbers(numericTarget('$mul', current, path, doc), operand)],
	['$min', (current, operand) => (current === undefined || compareBson(operand, current) < 0 ? operand : current)],
	['$max', (current, operand) => (current === undefined || compareBson(operand, current) > 0 ? operand : current)],
]);

export interface OperatorUpdateContext {
	readonly filter: Document;
	readonly arrayFilters?: Document[];
	/** The update creates the document (upsert), so $setOnInsert applies. */
	readonly isInsert: boolean;
	/** The command's `let`, for a pipeline update's expressions. */
	readonly variables?: Document;
}

export function applyOperators(doc: PlainObject, update: Document, context: OperatorUpdateContext): PlainObject {
	const operators = normalizeOperators(doc, update, context.isInsert);
	return setFields(doc, operators) ?? applyWithMingo(doc, operators, context);
}

/**
 * The usual update, `$set`/`$unset` of fields, top-level or in embedded documents (`rateWindow.calls`), without
 * mingo, whose updater costs more than the rest of a small command (it copies its operator tables per call).
 * Stored documents are never mutated, so only the documents on each path are copied. Fields keep their place
 * and new ones follow in `$set` order, as with mingo. Undefined, for mingo to handle, for any other update:
 * other operators, a path through an array or a value that is not a document, numeric segments, or paths
 * that overlap (`a` and `a.b`).
 */
function setFields(doc: PlainObject, operators: Document): PlainObject | undefined {
	const { $set: sets = {}, $unset: unsets = {}, ...others } = operators as { $set?: PlainObject; $unset?: PlainObject };
	if (Object.keys(others).length > 0) return undefined;
	const setPaths = Object.keys(sets);
	const paths = [...setPaths, ...Object.keys(unsets)];
	if (!paths.every(isPlainFieldPath) || overlap(paths)) return undefined;
	const result = { ...doc };
	const copies = new Set<PlainObject>([result]);
	const parents = new Map<string, { parent: PlainObject; field: string } | undefined>();
	for (const path of paths) {
		const found = parentFor(result, path, Object.hasOwn(sets, path), copies);
		if (found === null) return undefined;
		parents.set(path, found);
	}
	for (const path of Object.keys(unsets)) {
		const found = parents.get(path);
		if (found) delete found.parent[found.field];
	}
	for (const path of setPaths) {
		const found = parents.get(path);
		if (found) found.parent[found.field] = cloneValue(sets[path]);
	}
	return result;
}

/** Every segment a field name that plain property access handles, none of them numeric (an array's index?). */
function isPlainFieldPath(path: string): boolean {
	return path.split('.').every((segment) => isTopLevelField(segment) && !/^\d+$/.test(segment));
}

/** Whether a path is another or lies inside it. */
function overlap(paths: string[]): boolean {
	if (paths.length < 2) return false;
	const sorted = [...paths].sort();
	return sorted.some((path, i) => i > 0 && (path === sorted[i - 1] || path.startsWith(`${sorted[i - 1]}.`)));
}

/**
 * The copied document that holds a path's last field, each document on the way copied once (and created when
 * setting); undefined when unsetting below a missing field (nothing to do); null when the way passes through a
 * value that is not a plain document.
 */
function parentFor(
	result: PlainObject,
	path: string,
	creates: boolean,
	copies: Set<PlainObject>,
): { parent: PlainObject; field: string } | undefined | null {
	const segments = path.split('.');
	let parent = result;
	for (const segment of segments.slice(0, -1)) {
		const child = Object.hasOwn(parent, segment) ? parent[segment] : undefined;
		if (child === undefined && !creates) return undefined;
		if (child !== undefined && !isPlainObject(child)) return null;
		const copy: PlainObject = child === undefined ? {} : copies.has(child) ? child : { ...child };
		copies.add(copy);
		parent[segment] = copy;
		parent = copy;
	}
	return { parent, field: segments[segments.length - 1] };
}

function applyWithMingo(doc: PlainObject, operators: Document, context: OperatorUpdateContext): PlainObject {
	const result = cloneValue(doc);
	// mingo needs the filter only to resolve the positional `$`, and skips the update when the filter does
	// not match, which an upsert's new document need not.
	const positionalFilter = usesPositionalOperator(operators) ? toMingoFilter(context.filter) : undefined;
	try {
		mingoUpdate(result, operators, context.arrayFilters, positionalFilter, {
			queryOptions: mingoOptionsFor(operators, positionalFilter, context.arrayFilters),
		});
	} catch (error) {
		throw updateError(error);
	}
	return result;
}

/** Refuses an unknown operator, or one not given a document of fields, as MongoDB does when it parses the update. */
export function checkOperator(operator: string, fields: unknown): asserts fields is PlainObject {
	if (!SUPPORTED_OPERATORS.has(operator)) {
		throw new CommandError(
			'FailedToParse',
			`Unknown modifier: ${operator}. Expected a valid update modifier or pipeline-style update specified as an array`,
		);
	}
	if (!isPlainObject(fields)) {
		throw new CommandError('FailedToParse', `Modifiers operate on fields but ${operator} was given ${typeof fields}`);
	}
}

/** Folds $setOnInsert (on insert) and the computed operators into one $set for mingo. */
function normalizeOperators(doc: PlainObject, update: Document, isInsert: boolean): Document {
	const sets: PlainObject = {};
	const operators: Document = {};
	for (const [operator, fields] of Object.entries(update)) {
		checkOperator(operator, fields);
		if (operator === '$set' || operator === '$setOnInsert') {
			if (operator === '$set' || isInsert) addSets(sets, fields);
			continue;
		}
		const forMingo = computeFields(doc, operator, fields, sets);
		if (Object.keys(forMingo).length > 0) operators[operator] = forMingo;
	}
	return Object.keys(sets).length > 0 ? { $set: sets, ...operators } : operators;
}

/** Adds the operator's computable fields to `sets` and returns the fields left to mingo. */
function computeFields(doc: PlainObject, operator: string, fields: PlainObject, sets: PlainObject): PlainObject {
	const compute = COMPUTED.get(operator);
	const forMingo: PlainObject = {};
	for (const [path, operand] of Object.entries(fields)) {
		if ((operator === '$inc' || operator === '$mul') && !isNumeric(operand)) {
			const verb = operator === '$inc' ? 'increment' : 'multiply';
			throw new CommandError('TypeMismatch', `Cannot ${verb} with non-numeric argument: {${path}: ${JSON.stringify(operand)}}`);
		}
		if (!compute) forMingo[path] = operand;
		else if (!path.includes('$')) addSets(sets, { [path]: compute(valueAtPath(doc, path), operand, path, doc) });
		else if (isLong(operand))
			throw badValue(`${operator} with an int64 operand on a positional path is not supported by the mongo emulator`);
		else forMingo[path] = operand;
	}
	return forMingo;
}

function usesPositionalOperator(operators: Document): boolean {
	return Object.values(operators).some(
		(fields) => isPlainObject(fields) && Object.keys(fields).some((path) => /(^|\.)\$(\.|$)/.test(path)),
	);
}

function numericTarget(operator: string, current: unknown, path: string, doc: PlainObject): unknown {
	// A missing field counts as 0: $inc sets the operand, $mul sets 0.
	if (current === undefined) return 0;
	if (!isNumeric(current)) {
		throw new CommandError(
			'TypeMismatch',
			`Cannot apply ${operator} to a value of non-numeric type. {_id: ${formatValue(doc._id)}} has the field '${path}' of non-numeric type ${describeType(current)}`,
		);
	}
	return current;
}

function describeType(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	if (value instanceof Date) return 'date';
	if (typeof value === 'boolean') return 'bool';
	if (typeof value !== 'object') return typeof value;
	return bsonTag(value) ?? 'object';
}

function addSets(sets: PlainObject, fields: PlainObject): void {
	for (const [path, value] of Object.entries(fields)) {
		if (Object.hasOwn(sets, path)) {
			throw new CommandError('ConflictingUpdateOperators', `Updating the path '${path}' would create a conflict at '${path}'`);
		}
		sets[path] = value;
	}
}

function updateError(error: unknown): unknown {
	if (error instanceof Error && /would create a conflict/.test(error.message)) {
		return new CommandError('ConflictingUpdateOperators', error.message);
	}
	if (error instanceof Error && /immutable field/.test(error.message)) return new CommandError('ImmutableField', error.message);
	return fromMingoError(error);
}
