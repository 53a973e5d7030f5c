/**
 * One index of a collection: a sorted list of (key, record) entries maintained on every write, used for
 * unique constraints, TTL expiry and index scans.
 */
import type { Document } from 'bson';
import { formatValue } from '../../bson/format';
import { indexValuesAtPath, valuesAtPath } from '../../bson/paths';
import { isPlainObject, type PlainObject } from '../../bson/types';
import { CommandError } from '../../errors';
import { compileFilter, type DocumentMatcher } from '../query/matcher';
import type { DocRecord } from '../records';
import type { KeyRange } from './index-bounds';
import { describeIndex, keyPattern, type IndexSpec } from './index-spec';
import { compareEncoded, encodeKeyValue, type EncodedKeyValue } from './key-encoding';
import { SortedList } from './sorted-list';

/** The entries of a key range, by rank: from the first, to just past the last. */
export type RankRange = readonly [from: number, to: number];

/** A key as values, one per index field (missing fields are null). */
export type IndexKey = readonly unknown[];
type EncodedKey = readonly EncodedKeyValue[];

/** A document's entries in one index. */
export interface DocumentKeys {
	readonly keys: readonly IndexKey[];
	readonly encoded: readonly EncodedKey[];
	/** Whether an indexed path holds an array, so the document has one key per element. */
	readonly isMultikey: boolean;
}

const NOT_INDEXED: DocumentKeys = { keys: [], encoded: [], isMultikey: false };

interface IndexEntry {
	readonly key: EncodedKey;
	readonly record: DocRecord;
}

export class CollectionIndex {
	/** Set once any indexed document has an array on an indexed path (one entry per element). */
	multikey = false;
	private readonly entries: SortedList<IndexEntry>;
	private readonly partialFilter: DocumentMatcher | undefined;

	/** The top-level fields that the keys and the partial filter read; undefined when that cannot be told. */
	private readonly readFields: ReadonlySet<string> | undefined;

	constructor(readonly spec: IndexSpec) {
		this.entries = new SortedList((a, b) => this.compareKeys(a.key, b.key) || a.record.seq - b.record.seq);
		this.partialFilter = spec.partialFilterExpression && compileFilter(spec.partialFilterExpression);
		const filterFields = spec.partialFilterExpression ? fieldsOfFilter(spec.partialFilterExpression) : [];
		this.readFields = filterFields && new Set([...spec.fields.map((field) => topLevelOf(field.path)), ...filterFields]);
	}

	/** Whether a document's entries may differ once these top-level fields have changed. */
	readsAnyOf(fields: ReadonlySet<string>): boolean {
		if (!this.readFields) return true;
		for (const field of fields) if (this.readFields.has(field)) return true;
		return false;
	}

	get name(): string {
		return this.spec.name;
	}

	get size(): number {
		return this.entries.size;
	}

	describe(): Document {
		return describeIndex(this.spec);
	}

	/** The distinct keys `doc` has in this index; none when a sparse or partial index excludes it. */
	keysFor(doc: PlainObject): DocumentKeys {
		if (this.partialFilter && !this.partialFilter(doc)) return NOT_INDEXED;
		if (this.spec.sparse && this.spec.fields.every((field) => valuesAtPath(doc, field.path).length === 0)) {
			return NOT_INDEXED;
		}
		const valuesPerField: unknown[][] = [];
		let arrayPath: string | undefined;
		for (const field of this.spec.fields) {
			const { values, sawArray } = indexValuesAtPath(doc, field.path);
			if (sawArray) {
				if (arrayPath !== undefined) {
					throw new CommandError('CannotIndexParallelArrays', `cannot index parallel arrays [${field.path}] [${arrayPath}]`);
				}
				arrayPath = field.path;
			}
			valuesPerField.push(values.length === 0 ? [null] : values);
		}
		// At most one field has several values, so the keys are that field's values with the others fixed.
		let keys: IndexKey[] = [[]];
		for (const values of valuesPerField) keys = keys.flatMap((prefix) => values.map((value) => [...prefix, value ?? null]));
		const encoded = keys.map(encodeKey);
		return arrayPath === undefined ? { keys, encoded, isMultikey: false } : this.distinctKeys(keys, encoded);
	}

	add(record: DocRecord, docKeys: DocumentKeys): void {
		if (docKeys.isMultikey) this.multikey = true;
		for (const key of docKeys.encoded) this.entries.insert({ key, record });
	}

	remove(record: DocRecord, docKeys: DocumentKeys): void {
		for (const key of docKeys.encoded) this.entries.remove({ key, record });
	}

	/** For a unique index, the first of the document's keys already held by another record. */
	findDuplicate(docKeys: DocumentKeys, self?: DocRecord): IndexKey | undefined {
		if (!this.spec.unique) return undefined;
		const index = docKeys.encoded.findIndex((key) => {
			for (const entry of this.entries.itemsFrom((candidate) => this.compareKeys(candidate.key, key) >= 0)) {
				if (this.compareKeys(entry.key, key) !== 0) return false;
				if (entry.record !== self) return true;
			}
			return false;
		});
		return index === -1 ? undefined : docKeys.keys[index];
	}

	sameKeys(a: DocumentKeys, b: DocumentKeys): boolean {
		return (
			a.isMultikey === b.isMultikey &&
			a.encoded.length === b.encoded.length &&
			a.encoded.every((key, i) => this.compareKeys(key, b.encoded[i]) === 0)
		);
	}

	duplicateKeyError(namespace: string, key: IndexKey): CommandError {
		const keyValue = Object.fromEntries(this.spec.fields.map((field, i) => [field.path, key[i]]));
		const shown = this.spec.fields.map((field, i) => `${field.path}: ${formatValue(key[i])}`).join(', ');
		return new CommandError(
			'DuplicateKey',
			`E11000 duplicate key error collection: ${namespace} index: ${this.name} dup key: { ${shown} }`,
			{ keyPattern: keyPattern(this.spec.fields), keyValue },
		);
	}

	/**
	 * Where each range's entries are, as ranks (`[from, to)`), found by binary search. Valid until the next write:
	 * a plan finds them once, for its estimate and then its scan.
	 */
	rankRanges(ranges: readonly KeyRange[]): RankRange[] {
		return ranges.map((range) => {
			const from = this.startRank(encodeBound(range.start.key), range.start.inclusive);
			return [from, Math.max(from, this.endRank(encodeBound(range.end.key), range.end.inclusive))];
		});
	}

	/** Number of entries inside `range`. */
	countRange(range: KeyRange): number {
		const [[from, to]] = this.rankRanges([range]);
		return to - from;
	}

	/** The records of the entries in `ranges`, in order, after the first `skip` entries (passed over by rank). */
	scan(ranges: readonly KeyRange[], reverse: boolean, skip = 0): Generator<DocRecord> {
		return this.scanRanks(this.rankRanges(ranges), reverse, skip);
	}

	/** `scan` of ranges already found (by `rankRanges`, with no write since). */
	*scanRanks(ranks: readonly RankRange[], reverse: boolean, skip = 0): Generator<DocRecord> {
		let toSkip = skip;
		for (const [from, to] of reverse ? [...ranks].reverse() : ranks) {
			const skipped = Math.min(toSkip, to - from);
			toSkip -= skipped;
			const [first, last] = reverse ? [from, to - skipped] : [from + skipped, to];
			for (const entry of this.entries.range(first, last, reverse)) yield entry.record;
		}
	}

	/** Rank of the first entry at or after (`inclusive`) or strictly after the key prefix `bound`. */
	private startRank(bound: EncodedKey, inclusive: boolean): number {
		return this.entries.rankWhere((entry) => isAfter(this.compareKeys(entry.key, bound), inclusive));
	}

	/** Rank just past the last entry at or before (`inclusive`) or strictly before the key prefix `bound`. */
	private endRank(bound: EncodedKey, inclusive: boolean): number {
		return this.entries.rankWhere((entry) => isAfter(this.compareKeys(entry.key, bound), !inclusive));
	}

	/** Index order of two keys over the fields both have (a bound may be a shorter prefix). */
	private compareKeys(a: EncodedKey, b: EncodedKey): number {
		const length = Math.min(a.length, b.length);
		for (let i = 0; i < length; i++) {
			const order = compareEncoded(a[i], b[i]);
			if (order !== 0) return order * this.spec.fields[i].direction;
		}
		return 0;
	}

	/** The keys of one multikey document without repeats (e.g. `tags: ['a', 'a']`). */
	private distinctKeys(keys: IndexKey[], encoded: EncodedKey[]): DocumentKeys {
		const order = keys.map((_, i) => i).sort((a, b) => this.compareKeys(encoded[a], encoded[b]));
		const kept = order.filter((position, i) => i === 0 || this.compareKeys(encoded[order[i - 1]], encoded[position]) !== 0);
		return { keys: kept.map((i) => keys[i]), encoded: kept.map((i) => encoded[i]), isMultikey: true };
	}
}

const topLevelOf = (path: string) => path.split('.')[0];

/** The top-level fields a filter reads, or undefined when an operator (e.g. `$expr`) may read others. */
function fieldsOfFilter(filter: Document): string[] | undefined {
	const fields: string[] = [];
	for (const [key, condition] of Object.entries(filter)) {
		if (!key.startsWith('$')) fields.push(topLevelOf(key));
		else if (['$and', '$or', '$nor'].includes(key) && Array.isArray(condition)) {
			for (const clause of condition) {
				const inner = isPlainObject(clause) ? fieldsOfFilter(clause) : undefined;
				if (!inner) return undefined;
				fields.push(...inner);
			}
		} else return undefined;
	}
	return fields;
}

function encodeKey(key: IndexKey): EncodedKey {
	return key.map((value) => encodeKeyValue(value));
}

/** A query's bound, which no entry keeps. */
function encodeBound(key: IndexKey): EncodedKey {
	return key.map((value) => encodeKeyValue(value, false));
}

/** Whether an entry ordered `order` relative to a bound lies past it; `includesEqual` counts ties as past. */
function isAfter(order: number, includesEqual: boolean): boolean {
	return order > 0 || (order === 0 && includesEqual);
}
