/**
 * Arithmetic for $inc/$mul over doubles and int64. JS numbers hold int64 values exactly only within
 * ±2^53, so int64 operands are computed with bigint and the result kept as a number when it fits there
 * (which is also how the bson package decodes int64), and as a Long otherwise.
 */
import { Long } from 'bson';
import { badValue } from '../errors';
import { isDecimal128, isLong } from './types';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export function addNumbers(a: unknown, b: unknown): number | Long {
	return combine(
		a,
		b,
		(x, y) => x + y,
		(x, y) => x + y,
	);
}

export function multiplyNumbers(a: unknown, b: unknown): number | Long {
	return combine(
		a,
		b,
		(x, y) => x * y,
		(x, y) => x * y,
	);
}

function combine(
	a: unknown,
	b: unknown,
	onDoubles: (x: number, y: number) => number,
	onIntegers: (x: bigint, y: bigint) => bigint,
): number | Long {
	if (isDecimal128(a) || isDecimal128(b)) throw badValue('Decimal128 arithmetic is not supported by the mongo emulator');
	if (typeof a === 'number' && typeof b === 'number') return onDoubles(a, b);
	const integers = [a, b].every((value) => isLong(value) || Number.isInteger(value));
	if (!integers) return onDoubles(toDouble(a), toDouble(b));
	const result = onIntegers(toBigInt(a), toBigInt(b));
	if (result < INT64_MIN || result > INT64_MAX) throw badValue('int64 overflow in arithmetic update');
	return fromBigInt(result);
}

function toDouble(value: unknown): number {
	return isLong(value) ? value.toNumber() : (value as number);
}

function toBigInt(value: unknown): bigint {
	return isLong(value) ? value.toBigInt() : BigInt(value as number);
}

function fromBigInt(value: bigint): number | Long {
	return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
		? Number(value)
		: Long.fromBigInt(value);
}
