/**
 * Key ranges of an index scan. A range is delimited by two key prefixes in index order; an entry is
 * inside when it sorts at or after `start` and at or before `end` (strictly, for exclusive bounds),
 * comparing only as many fields as the bound has.
 */
export interface KeyBound {
	readonly key: readonly unknown[];
	readonly inclusive: boolean;
}

export interface KeyRange {
	readonly start: KeyBound;
	readonly end: KeyBound;
}

/** A range covering every key that starts with `prefix`. */
export function prefixRange(prefix: readonly unknown[]): KeyRange {
	return { start: { key: prefix, inclusive: true }, end: { key: prefix, inclusive: true } };
}
