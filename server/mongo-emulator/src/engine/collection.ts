/**
 * A collection: its documents in natural (insertion) order plus the indexes kept in step with every
 * write. Every method runs synchronously, so a command is atomic with respect to other connections.
 */
import { UUID } from 'bson';
import { compareBson } from '../bson/compare';
import type { PlainObject } from '../bson/types';
import { CommandError } from '../errors';
import { CollectionIndex, type DocumentKeys } from './indexes/collection-index';
import { ID_INDEX_NAME, sameIndexDefinition, sameKeys, type IndexSpec } from './indexes/index-spec';
import type { PlannerMode } from './query/planner';
import { DocRecord, encodeDocument } from './records';

const EARLIEST_DATE = new Date(-8.64e15);

/** Top-level fields added, removed or given another value (in BSON order, as index keys compare). */
function changedFields(before: PlainObject, after: PlainObject): Set<string> {
	const changed = new Set<string>();
	for (const field of Object.keys(before)) {
		if (!Object.hasOwn(after, field)) changed.add(field);
		// An update shares the values it leaves alone.
		else if (before[field] !== after[field] && compareBson(before[field], after[field]) !== 0) changed.add(field);
	}
	for (const field of Object.keys(after)) if (!Object.hasOwn(before, field)) changed.add(field);
	return changed;
}

export class Collection {
	readonly uuid = new UUID();
	private readonly records = new Set<DocRecord>();
	private readonly indexes = new Map<string, CollectionIndex>();
	private nextSeq = 1;
	private uniqueFirst: readonly CollectionIndex[] | undefined;

	constructor(
		readonly database: string,
		readonly name: string,
		/** Indexes are kept in either mode: unique constraints and TTL expiry need them. */
		readonly planner: PlannerMode,
	) {
		this.indexes.set(
			ID_INDEX_NAME,
			new CollectionIndex({ name: ID_INDEX_NAME, fields: [{ path: '_id', direction: 1 }], unique: true, sparse: false }),
		);
	}

	get namespace(): string {
		return `${this.database}.${this.name}`;
	}

	get documentCount(): number {
		return this.records.size;
	}

	allRecords(): IterableIterator<DocRecord> {
		return this.records.values();
	}

	/** The stored documents in natural order, decoded. */
	documents(): PlainObject[] {
		return [...this.records].map((record) => record.doc);
	}

	indexList(): CollectionIndex[] {
		return [...this.indexes.values()];
	}

	/** Unique indexes first, in the order the planner weighs them; kept until the indexes change. */
	indexesUniqueFirst(): readonly CollectionIndex[] {
		this.uniqueFirst ??= this.indexList().sort((a, b) => Number(b.spec.unique) - Number(a.spec.unique));
		return this.uniqueFirst;
	}

	/** Builds the index over existing documents; returns false when an identical index already exists. */
	createIndex(spec: IndexSpec): boolean {
		const sameName = this.indexes.get(spec.name);
		if (sameName) {
			if (sameIndexDefinition(sameName.spec, spec)) return false;
			throw new CommandError(
				'IndexKeySpecsConflict',
				`An existing index has the same name as the requested index but different key specification or options: ${spec.name}`,
			);
		}
		const sameKey = this.indexList().find((index) => sameKeys(index.spec, spec));
		if (sameKey) {
			throw new CommandError('IndexOptionsConflict', `Index already exists with a different name: ${sameKey.name}`);
		}
		const index = new CollectionIndex(spec);
		for (const record of this.records) {
			const keys = index.keysFor(record.doc);
			const duplicate = index.findDuplicate(keys);
			if (duplicate) throw index.duplicateKeyError(this.namespace, duplicate);
			index.add(record, keys);
		}
		this.indexes.set(spec.name, index);
		this.uniqueFirst = undefined;
		return true;
	}

	dropIndex(name: string): void {
		if (name === ID_INDEX_NAME) throw new CommandError('InvalidOptions', 'cannot drop _id index');
		if (!this.indexes.delete(name)) throw new CommandError('IndexNotFound', `index not found with name [${name}]`);
		this.uniqueFirst = undefined;
	}

	/** Stores `doc` (which must have an `_id`), enforcing unique indexes. */
	insert(doc: PlainObject): DocRecord {
		const keys = this.keysByIndex(doc);
		this.assertUnique(keys);
		const record = new DocRecord(this.nextSeq++, encodeDocument(doc));
		this.records.add(record);
		for (const [index, docKeys] of keys) index.add(record, docKeys);
		return record;
	}

	/**
	 * Replaces a record's document (`before` is its current one, decoded), enforcing unique indexes and
	 * re-indexing only changed keys. Indexes that read none of the changed fields are not looked at: an update of a
	 * contact's name computes no key of its six indexes. Returns false, storing nothing, when the document is the
	 * same (same fields, values and order: an update that modified nothing).
	 */
	replace(record: DocRecord, before: PlainObject, doc: PlainObject): boolean {
		const changed = changedFields(before, doc);
		if (changed.size === 0 && compareBson(before, doc) === 0) return false;
		const affected = this.indexList().filter((index) => index.readsAnyOf(changed));
		const newKeys = new Map(affected.map((index) => [index, index.keysFor(doc)]));
		this.assertUnique(newKeys, record);
		for (const [index, docKeys] of newKeys) {
			const oldKeys = index.keysFor(before);
			if (index.sameKeys(oldKeys, docKeys)) continue;
			index.remove(record, oldKeys);
			index.add(record, docKeys);
		}
		record.bson = encodeDocument(doc);
		return true;
	}

	/** `doc` is the record's document, decoded, when the caller has it already. */
	remove(record: DocRecord, doc: PlainObject = record.doc): void {
		for (const index of this.indexes.values()) index.remove(record, index.keysFor(doc));
		this.records.delete(record);
	}

	/** TTL expiry, run lazily before each command on the collection instead of by a background thread. */
	removeExpired(now: Date): void {
		for (const index of this.indexes.values()) {
			const ttl = index.spec.expireAfterSeconds;
			if (ttl === undefined) continue;
			const cutoff = new Date(now.getTime() - ttl * 1000);
			const [first, last] = index.spec.fields[0].direction === 1 ? [EARLIEST_DATE, cutoff] : [cutoff, EARLIEST_DATE];
			const range = { start: { key: [first], inclusive: true }, end: { key: [last], inclusive: true } };
			for (const record of new Set(index.scan([range], false))) this.remove(record);
		}
	}

	private keysByIndex(doc: PlainObject): Map<CollectionIndex, DocumentKeys> {
		return new Map(this.indexList().map((index) => [index, index.keysFor(doc)]));
	}

	private assertUnique(keys: Map<CollectionIndex, DocumentKeys>, self?: DocRecord): void {
		for (const [index, docKeys] of keys) {
			const duplicate = index.findDuplicate(docKeys, self);
			if (duplicate) throw index.duplicateKeyError(this.namespace, duplicate);
		}
	}
}
