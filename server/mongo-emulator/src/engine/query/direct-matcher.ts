/**
 * Filters of the shapes applications send on every call (equalities, `$ne`, comparisons, `$in`, `$exists` (of a
 * top-level field) and `$not` of those, on scalar operands, under `$and`), matched by closures built here rather than by mingo's
 * `Query`, whose construction copies the filter and resolves every operator anew for each command (a third of a
 * key lookup's time, profiled). Anything else is left to mingo: compileDirectFilter answers undefined.
 *
 * Semantics are MongoDB's: a dotted path reaches into embedded documents and through arrays of them; a condition
 * holds when it holds for any value found there or any element of an array found there; equality and comparisons
 * hold only within the operand's BSON type bracket (numbers of every type compare by value); NaN satisfies no
 * comparison with a number; a missing field equals no (non-null) operand, so `$ne` and `$not` match it.
 */
import { compareBson } from '../../bson/compare';
import { isLong, isObjectId, isPlainObject, typeRank, type PlainObject } from '../../bson/types';

type DocumentTest = (doc: PlainObject) => boolean;
type ValueTest = (value: unknown) => boolean;

/** A matcher for `filter`, or undefined when it uses anything beyond the shapes above. */
export function compileDirectFilter(filter: PlainObject): DocumentTest | undefined {
	const tests: DocumentTest[] = [];
	if (!addFilterTests(filter, tests)) return undefined;
	if (tests.length === 1) return tests[0];
	return (doc) => {
		for (const test of tests) if (!test(doc)) return false;
		return true;
	};
}

function addFilterTests(filter: PlainObject, tests: DocumentTest[]): boolean {
	for (const key of Object.keys(filter)) {
		const condition = filter[key];
		if (key === '$and') {
			// An empty or malformed `$and` is an error, which mingo reports.
			if (!Array.isArray(condition) || condition.length === 0) return false;
			for (const clause of condition) if (!isPlainObject(clause) || !addFilterTests(clause, tests)) return false;
			continue;
		}
		const segments = plainPathSegments(key);
		const test = segments && conditionTest(segments, condition);
		if (!test) return false;
		tests.push(test);
	}
	return true;
}

/**
 * The segments of a path read by property access alone; undefined for operators, empty segments and numeric
 * ones (which may index an array, or name a field: left to mingo).
 */
function plainPathSegments(path: string): string[] | undefined {
	const segments = path.split('.');
	for (const segment of segments) {
		if (segment === '' || segment === '__proto__' || segment.startsWith('$') || isDigits(segment)) return undefined;
	}
	return segments;
}

function isDigits(segment: string): boolean {
	for (let i = 0; i < segment.length; i++) {
		const code = segment.charCodeAt(i);
		if (code < 48 || code > 57) return false;
	}
	return true;
}

/** A field's condition: a plain scalar is an equality; an operator object, each operator in turn. */
function conditionTest(segments: readonly string[], condition: unknown): DocumentTest | undefined {
	if (!isPlainObject(condition)) {
		const equals = equalityTest(condition);
		return equals && anyValue(segments, equals);
	}
	const operators = Object.keys(condition);
	if (operators.length === 0) return undefined;
	const tests: DocumentTest[] = [];
	for (const operator of operators) {
		const test = operatorTest(segments, operator, condition[operator]);
		if (!test) return undefined;
		tests.push(test);
	}
	if (tests.length === 1) return tests[0];
	return (doc) => tests.every((test) => test(doc));
}

function operatorTest(segments: readonly string[], operator: string, operand: unknown): DocumentTest | undefined {
	switch (operator) {
		case '$eq': {
			const equals = equalityTest(operand);
			return equals && anyValue(segments, equals);
		}
		case '$ne': {
			const equals = equalityTest(operand);
			if (!equals) return undefined;
			const test = anyValue(segments, equals);
			return (doc) => !test(doc);
		}
		case '$in': {
			if (!Array.isArray(operand)) return undefined;
			const tests: ValueTest[] = [];
			for (const item of operand) {
				const equals = equalityTest(item);
				if (!equals) return undefined;
				tests.push(equals);
			}
			return anyValue(segments, (value) => tests.some((equals) => equals(value)));
		}
		case '$gt':
			return comparisonTest(segments, operand, (order) => order > 0);
		case '$gte':
			return comparisonTest(segments, operand, (order) => order >= 0);
		case '$lt':
			return comparisonTest(segments, operand, (order) => order < 0);
		case '$lte':
			return comparisonTest(segments, operand, (order) => order <= 0);
		case '$exists': {
			// On a dotted path, what exists where arrays are empty or hold scalars is left to mingo.
			if (typeof operand !== 'boolean' || segments.length !== 1) return undefined;
			const [field] = segments;
			return (doc) => Object.hasOwn(doc, field) === operand;
		}
		case '$not': {
			// `$not` takes operators (or a regex, left to mingo); it matches a missing field.
			if (!isPlainObject(operand) || !Object.keys(operand).every((key) => key.startsWith('$'))) return undefined;
			const test = conditionTest(segments, operand);
			return test && ((doc) => !test(doc));
		}
		default:
			return undefined;
	}
}

/**
 * Equality with a scalar operand: strings, booleans, numbers (not NaN; equal to an int64 of the same value), Dates
 * and ObjectIds. Null (which also matches a missing field), documents, arrays, regexes and the other BSON types
 * are left to mingo.
 */
function equalityTest(operand: unknown): ValueTest | undefined {
	switch (typeof operand) {
		case 'string':
		case 'boolean':
			return (value) => value === operand;
		case 'number':
			if (Number.isNaN(operand)) return undefined;
			return (value) => value === operand || (isLong(value) && compareBson(value, operand) === 0);
		default:
			break;
	}
	if (operand instanceof Date) {
		const time = operand.getTime();
		return Number.isNaN(time) ? undefined : (value) => value instanceof Date && value.getTime() === time;
	}
	if (isObjectId(operand)) return (value) => isObjectId(value) && compareBson(value, operand) === 0;
	return undefined;
}

/**
 * `$gt`, `$gte`, `$lt`, `$lte` with a string, boolean, number (not NaN), Date or ObjectId operand: values of its
 * type bracket, in BSON order. A missing field counts as null, which is in no operand's bracket here.
 */
function comparisonTest(
	segments: readonly string[],
	operand: unknown,
	accepts: (order: number) => boolean,
): DocumentTest | undefined {
	const comparable =
		typeof operand === 'string' ||
		typeof operand === 'boolean' ||
		(typeof operand === 'number' && !Number.isNaN(operand)) ||
		(operand instanceof Date && !Number.isNaN(operand.getTime())) ||
		isObjectId(operand);
	if (!comparable) return undefined;
	const rank = typeRank(operand);
	return anyValue(segments, (value) => {
		if (typeRank(value) !== rank || (typeof value === 'number' && Number.isNaN(value))) return false;
		return accepts(compareBson(value, operand));
	});
}

/** Whether `test` holds for a value at the path, or an element of an array there. */
function anyValue(segments: readonly string[], test: ValueTest): DocumentTest {
	if (segments.length === 1) {
		const [field] = segments;
		return (doc) => Object.hasOwn(doc, field) && holds(doc[field], test);
	}
	return (doc) => someAt(doc, segments, 0, test);
}

function holds(value: unknown, test: ValueTest): boolean {
	if (!Array.isArray(value)) return value !== undefined && test(value);
	for (const element of value) if (test(element)) return true;
	return false;
}

/** Descends the path; an array met before its end is traversed through its embedded documents. */
function someAt(value: unknown, segments: readonly string[], depth: number, test: ValueTest): boolean {
	if (depth === segments.length) return holds(value, test);
	if (Array.isArray(value)) {
		for (const element of value) if (isPlainObject(element) && someAt(element, segments, depth, test)) return true;
		return false;
	}
	const segment = segments[depth];
	return isPlainObject(value) && Object.hasOwn(value, segment) && someAt(value[segment], segments, depth + 1, test);
}
