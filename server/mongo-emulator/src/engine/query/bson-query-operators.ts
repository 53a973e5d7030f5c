/**
 * Query operators whose mingo versions disagree with MongoDB on BSON values: mingo orders types
 * differently, compares int64 and Decimal128 values as strings, does not let `{$gte: null}` match a
 * missing field, and knows neither `$type: "objectId"` nor the other BSON type names.
 */
import { compareBson } from '../../bson/compare';
import { valuesAtPath } from '../../bson/paths';
import { bsonTag, isPlainObject, typeRank, type PlainObject } from '../../bson/types';
import { badValue } from '../../errors';

type QueryOperator = (selector: string, operand: unknown, options: unknown) => (doc: PlainObject) => boolean;

/**
 * A range operator matches when any value at the path (or any element of an array there) is of the
 * operand's BSON type bracket and satisfies the comparison; a missing field counts as null. NaN, though it
 * sorts below every number, only satisfies `$gte`/`$lte` a NaN operand (as in MongoDB).
 */
function rangeOperator(accepts: (order: number) => boolean): QueryOperator {
	return (selector, operand) => {
		const operandRank = typeRank(operand);
		const satisfies = (value: unknown): boolean => {
			if (typeRank(value) !== operandRank) return false;
			if (isNaNumber(value) || isNaNumber(operand)) return isNaNumber(value) && isNaNumber(operand) && accepts(0);
			return accepts(compareBson(value, operand));
		};
		return (doc) => {
			const values = valuesAtPath(doc, selector);
			if (values.length === 0) return satisfies(null);
			return values.some((value) => satisfies(value) || (Array.isArray(value) && value.some(satisfies)));
		};
	};
}

const isNaNumber = (value: unknown): boolean => typeof value === 'number' && Number.isNaN(value);

const TYPE_NUMBERS: Record<string, number> = {
	double: 1,
	string: 2,
	object: 3,
	array: 4,
	binData: 5,
	undefined: 6,
	objectId: 7,
	bool: 8,
	date: 9,
	null: 10,
	regex: 11,
	javascript: 13,
	symbol: 14,
	int: 16,
	timestamp: 17,
	long: 18,
	decimal: 19,
	minKey: -1,
	maxKey: 127,
};
const NUMERIC_TYPES = new Set([TYPE_NUMBERS.double, TYPE_NUMBERS.int, TYPE_NUMBERS.long, TYPE_NUMBERS.decimal]);

const TYPE_NUMBER_BY_TAG: Record<string, number> = {
	ObjectId: TYPE_NUMBERS.objectId,
	Long: TYPE_NUMBERS.long,
	Decimal128: TYPE_NUMBERS.decimal,
	Binary: TYPE_NUMBERS.binData,
	Timestamp: TYPE_NUMBERS.timestamp,
	BSONRegExp: TYPE_NUMBERS.regex,
	BSONSymbol: TYPE_NUMBERS.symbol,
	Code: TYPE_NUMBERS.javascript,
	MinKey: TYPE_NUMBERS.minKey,
	MaxKey: TYPE_NUMBERS.maxKey,
};

/**
 * The BSON type a value has once stored. A JS number is an int32 when it is an integer in int32 range
 * and a double otherwise, which is how the bson package encodes it in every reply.
 */
function bsonTypeNumber(value: unknown): number {
	if (value === null) return TYPE_NUMBERS.null;
	if (typeof value === 'number') {
		return Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31 ? TYPE_NUMBERS.int : TYPE_NUMBERS.double;
	}
	if (typeof value === 'string') return TYPE_NUMBERS.string;
	if (typeof value === 'boolean') return TYPE_NUMBERS.bool;
	if (Array.isArray(value)) return TYPE_NUMBERS.array;
	if (value instanceof Date) return TYPE_NUMBERS.date;
	if (value instanceof RegExp) return TYPE_NUMBERS.regex;
	if (isPlainObject(value)) return TYPE_NUMBERS.object;
	return TYPE_NUMBER_BY_TAG[bsonTag(value) ?? ''] ?? TYPE_NUMBERS.object;
}

function requestedTypes(operand: unknown): Array<number | 'number'> {
	return (Array.isArray(operand) ? operand : [operand]).map((type: unknown) => {
		if (type === 'number') return 'number';
		const number = typeof type === 'string' ? TYPE_NUMBERS[type] : type;
		if (typeof number !== 'number' || !Object.values(TYPE_NUMBERS).includes(number)) {
			throw badValue(`Unknown type name alias: ${String(type)}`);
		}
		return number;
	});
}

/** `$type` matches a field whose value, or an element of whose array value, has one of the given types. */
const typeOperator: QueryOperator = (selector, operand) => {
	const wanted = requestedTypes(operand);
	const hasType = (value: unknown): boolean => {
		const type = bsonTypeNumber(value);
		return wanted.some((requested) => (requested === 'number' ? NUMERIC_TYPES.has(type) : requested === type));
	};
	return (doc) => valuesAtPath(doc, selector).some((value) => hasType(value) || (Array.isArray(value) && value.some(hasType)));
};

/** The replacements, under names mingo does not use (see mingo-options.ts). */
export const BSON_QUERY_OPERATORS: Record<string, { name: string; operator: QueryOperator }> = {
	$gt: { name: '$bsonGt', operator: rangeOperator((order) => order > 0) },
	$gte: { name: '$bsonGte', operator: rangeOperator((order) => order >= 0) },
	$lt: { name: '$bsonLt', operator: rangeOperator((order) => order < 0) },
	$lte: { name: '$bsonLte', operator: rangeOperator((order) => order <= 0) },
	$type: { name: '$bsonType', operator: typeOperator },
};
