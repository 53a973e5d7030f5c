/**
 * Sorting with MongoDB's semantics: BSON type order, missing fields as null, and an array field sorting by
 * its smallest element ascending (largest descending), an empty array before null.
 */
import { compareBson } from '../../bson/compare';
import { valuesAtPath } from '../../bson/paths';
import { isPlainObject, type PlainObject } from '../../bson/types';
import { badValue } from '../../errors';
import { compareEncoded, encodeKeyValue, type EncodedKeyValue } from '../indexes/key-encoding';

export interface SortField {
	readonly path: string;
	readonly direction: 1 | -1;
}

/** Parses a sort document; `undefined` or `{}` means no sort. */
export function parseSort(sort: unknown): SortField[] {
	if (sort === undefined || sort === null) return [];
	if (!isPlainObject(sort)) throw badValue('sort must be an object');
	return Object.entries(sort).map(([path, direction]) => {
		if (direction !== 1 && direction !== -1) {
			throw badValue(
				`sort value for '${path}' must be 1 or -1; ${JSON.stringify(direction)} is not supported by the mongo emulator`,
			);
		}
		return { path, direction };
	});
}

const EMPTY_ARRAY_KEY = Symbol('empty array');

/** Stable sort of items by their documents; keys are computed once per item rather than per comparison. */
export function sortDocuments<T>(items: readonly T[], fields: readonly SortField[], docOf: (item: T) => PlainObject): T[] {
	if (fields.length === 0) return [...items];
	const keyed = items.map((item) => ({ item, keys: fields.map((field) => sortKey(docOf(item), field)) }));
	keyed.sort((a, b) => {
		for (let i = 0; i < fields.length; i++) {
			const order = compareSortKeys(a.keys[i], b.keys[i]);
			if (order !== 0) return order * fields[i].direction;
		}
		return 0;
	});
	return keyed.map((entry) => entry.item);
}

type SortKey = EncodedKeyValue | typeof EMPTY_ARRAY_KEY;

/** Sort keys are encoded like index keys, which makes comparisons cheap; none is kept after the sort. */
function sortKey(doc: PlainObject, field: SortField): SortKey {
	const found = valuesAtPath(doc, field.path);
	const values = found.flatMap((value) => (Array.isArray(value) ? value : [value]));
	if (values.length === 0) return found.length > 0 ? EMPTY_ARRAY_KEY : encodeKeyValue(null);
	// Ascending order looks at the smallest element, descending at the largest.
	const key = values.reduce((best, value) => (compareBson(value, best) * field.direction < 0 ? value : best));
	return encodeKeyValue(key, false);
}

function compareSortKeys(a: SortKey, b: SortKey): number {
	if (a === EMPTY_ARRAY_KEY || b === EMPTY_ARRAY_KEY) return Number(b === EMPTY_ARRAY_KEY) - Number(a === EMPTY_ARRAY_KEY);
	return compareEncoded(a, b);
}
