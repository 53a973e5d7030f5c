/**
 * Total order over BSON values as MongoDB defines it (used for sorting, index keys and range operators).
 * mingo's own comparison orders types differently and compares int64/Decimal128 as strings, so the
 * emulator uses this one wherever order matters.
 */
import type { Binary, Long, ObjectId, Timestamp } from 'bson';
import { badValue } from '../errors';
import { bsonTag, isDecimal128, isLong, TypeRank, typeRank } from './types';

export function compareBson(a: unknown, b: unknown): number {
	const rankA = typeRank(a);
	const rankB = typeRank(b);
	if (rankA !== rankB) return rankA - rankB;
	switch (rankA) {
		case TypeRank.Null:
		case TypeRank.MinKey:
		case TypeRank.MaxKey:
			return 0;
		case TypeRank.Number:
			return compareNumbers(a, b);
		case TypeRank.String:
			return compareScalars(a as string, b as string);
		case TypeRank.Boolean:
			return Number(a) - Number(b);
		case TypeRank.Date:
			return compareScalars((a as Date).getTime(), (b as Date).getTime());
		case TypeRank.Array:
			return compareArrays(a as unknown[], b as unknown[]);
		case TypeRank.Object:
			return compareObjects(a as Record<string, unknown>, b as Record<string, unknown>);
		case TypeRank.ObjectId:
			return compareBytes((a as ObjectId).id, (b as ObjectId).id);
		case TypeRank.Binary:
			return compareBinaries(a as Binary, b as Binary);
		case TypeRank.Timestamp:
			return (a as Timestamp).t - (b as Timestamp).t || (a as Timestamp).i - (b as Timestamp).i;
		case TypeRank.RegExp:
			return compareRegExps(a, b);
	}
}

export function compareScalars<T extends number | string | bigint>(a: T, b: T): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/** Exact comparison across double and int64; NaN sorts below every other number, as in MongoDB. */
function compareNumbers(a: unknown, b: unknown): number {
	if (isDecimal128(a) || isDecimal128(b)) {
		throw badValue('Decimal128 values cannot be compared or sorted by the mongo emulator');
	}
	if (typeof a === 'number' && typeof b === 'number') {
		if (Number.isNaN(a) || Number.isNaN(b)) return Number(!Number.isNaN(a)) - Number(!Number.isNaN(b));
		return compareScalars(a, b);
	}
	if (isLong(a) && isLong(b)) return a.compare(b);
	return isLong(a) ? compareLongToDouble(a, b as number) : -compareLongToDouble(b as Long, a as number);
}

function compareLongToDouble(long: Long, double: number): number {
	if (Number.isNaN(double)) return 1;
	if (!Number.isFinite(double)) return double > 0 ? -1 : 1;
	const floor = Math.floor(double);
	const byInteger = compareScalars(long.toBigInt(), BigInt(floor));
	// A fractional double lies strictly between floor and floor + 1.
	return byInteger === 0 && floor !== double ? -1 : byInteger;
}

function compareArrays(a: unknown[], b: unknown[]): number {
	const shared = Math.min(a.length, b.length);
	for (let i = 0; i < shared; i++) {
		const order = compareBson(a[i], b[i]);
		if (order !== 0) return order;
	}
	return a.length - b.length;
}

/** Embedded documents compare field by field in stored order: value type, then name, then value. */
function compareObjects(a: Record<string, unknown>, b: Record<string, unknown>): number {
	const keysA = Object.keys(a);
	const keysB = Object.keys(b);
	const shared = Math.min(keysA.length, keysB.length);
	for (let i = 0; i < shared; i++) {
		const valueA = a[keysA[i]];
		const valueB = b[keysB[i]];
		const order = typeRank(valueA) - typeRank(valueB) || compareScalars(keysA[i], keysB[i]) || compareBson(valueA, valueB);
		if (order !== 0) return order;
	}
	return keysA.length - keysB.length;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
	const shared = Math.min(a.length, b.length);
	for (let i = 0; i < shared; i++) {
		if (a[i] !== b[i]) return a[i] - b[i];
	}
	return a.length - b.length;
}

function compareBinaries(a: Binary, b: Binary): number {
	return (
		a.position - b.position ||
		a.sub_type - b.sub_type ||
		compareBytes(a.buffer.subarray(0, a.position), b.buffer.subarray(0, b.position))
	);
}

function compareRegExps(a: unknown, b: unknown): number {
	const [sourceA, flagsA] = regExpParts(a);
	const [sourceB, flagsB] = regExpParts(b);
	return compareScalars(sourceA, sourceB) || compareScalars(flagsA, flagsB);
}

function regExpParts(value: unknown): [string, string] {
	if (value instanceof RegExp) return [value.source, value.flags];
	const bsonRegExp = value as { pattern: string; options: string };
	return bsonTag(value) === 'BSONRegExp' ? [bsonRegExp.pattern, bsonRegExp.options] : ['', ''];
}
