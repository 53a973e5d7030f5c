/**
 * The edges of BSON type brackets. MongoDB's comparison operators match only values of their operand's
 * bracket (`$lt: <Date>` matches Dates only, `$gt: 5` any int32, int64 or double), so a one-sided range
 * ends at the edge of its bracket and its index bounds hold exactly its matches.
 */
import { ObjectId } from 'bson';
import { TypeRank, typeRank } from '../../bson/types';
import type { ValueBound } from './filter-constraints';

const inclusive = (value: unknown): ValueBound => ({ value, inclusive: true });

const EDGES = new Map<TypeRank, readonly [ValueBound, ValueBound]>([
	// NaN sorts below -Infinity in index order and is matched by no range, as in MongoDB.
	[TypeRank.Number, [inclusive(-Infinity), inclusive(Infinity)]],
	// No largest string exists, but every embedded document sorts after every string.
	[TypeRank.String, [inclusive(''), { value: {}, inclusive: false }]],
	[TypeRank.ObjectId, [inclusive(new ObjectId('0'.repeat(24))), inclusive(new ObjectId('f'.repeat(24)))]],
	[TypeRank.Boolean, [inclusive(false), inclusive(true)]],
	// The range of JS Dates, and so of the Dates the emulator can store.
	[TypeRank.Date, [inclusive(new Date(-8.64e15)), inclusive(new Date(8.64e15))]],
]);

/** The lowest and highest bound of the value's type bracket, when the index can bound that bracket. */
export function bracketEdges(value: unknown): readonly [ValueBound, ValueBound] | undefined {
	return EDGES.get(typeRank(value));
}
