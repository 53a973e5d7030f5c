/**
 * Classification of the JavaScript values the `bson` package produces, by BSON type.
 * `bson` marks its classes with `_bsontype`; checking that tag (rather than `instanceof`) also works for
 * values created by another copy of the package, such as the driver's.
 */
import type { Decimal128, Long, ObjectId } from 'bson';

export type PlainObject = Record<string, unknown>;

export function bsonTag(value: unknown): string | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const tag = (value as { _bsontype?: unknown })._bsontype;
	return typeof tag === 'string' ? tag : undefined;
}

export const isLong = (value: unknown): value is Long => bsonTag(value) === 'Long';
export const isDecimal128 = (value: unknown): value is Decimal128 => bsonTag(value) === 'Decimal128';
export const isObjectId = (value: unknown): value is ObjectId => bsonTag(value) === 'ObjectId';

/** A document or embedded document: a plain object, not a BSON value class, Date, RegExp or array. */
export function isPlainObject(value: unknown): value is PlainObject {
	if (typeof value !== 'object' || value === null) return false;
	const proto: unknown = Object.getPrototypeOf(value);
	return proto === Object.prototype || proto === null;
}

/** Numbers MongoDB compares with each other: double/int32 (JS number), int64 and Decimal128. */
export function isNumeric(value: unknown): value is number | Long | Decimal128 {
	return typeof value === 'number' || isLong(value) || isDecimal128(value);
}

/**
 * Canonical type order MongoDB uses when comparing values of different types (sort, index order, and
 * the "type bracket" of comparison operators). Missing fields sort as null.
 */
export const enum TypeRank {
	MinKey = 1,
	Null = 2,
	Number = 3,
	String = 4,
	Object = 5,
	Array = 6,
	Binary = 7,
	ObjectId = 8,
	Boolean = 9,
	Date = 10,
	Timestamp = 11,
	RegExp = 12,
	MaxKey = 13,
}

export function typeRank(value: unknown): TypeRank {
	if (value === null || value === undefined) return TypeRank.Null;
	switch (typeof value) {
		case 'number':
			return TypeRank.Number;
		case 'string':
			return TypeRank.String;
		case 'boolean':
			return TypeRank.Boolean;
		default:
			break;
	}
	if (Array.isArray(value)) return TypeRank.Array;
	if (value instanceof Date) return TypeRank.Date;
	if (value instanceof RegExp) return TypeRank.RegExp;
	switch (bsonTag(value)) {
		case 'Long':
		case 'Decimal128':
			return TypeRank.Number;
		case 'ObjectId':
			return TypeRank.ObjectId;
		case 'Binary':
			return TypeRank.Binary;
		case 'Timestamp':
			return TypeRank.Timestamp;
		case 'BSONRegExp':
			return TypeRank.RegExp;
		case 'MinKey':
			return TypeRank.MinKey;
		case 'MaxKey':
			return TypeRank.MaxKey;
		default:
			return TypeRank.Object;
	}
}
