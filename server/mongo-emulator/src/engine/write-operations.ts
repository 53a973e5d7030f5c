/**
 * Document-level writes shared by the insert/update/delete/findAndModify commands. Each runs to
 * completion synchronously: a conditional update reads and writes with nothing interleaved, and an upsert
 * checks for a match and inserts in one step.
 */
import { ObjectId, type Document } from 'bson';
import { compareBson } from '../bson/compare';
import { isPlainObject, type PlainObject } from '../bson/types';
import { badValue } from '../errors';
import type { Collection } from './collection';
import { findRecords } from './query/executor';
import type { SortField } from './query/sort';
import { applyUpdate, buildUpsertDocument, type UpdateSpec } from './update/apply-update';
import type { DocRecord } from './records';

/** Stores a document as decoded from the insert command (as BSON bytes: see records.ts). */
export function insertDocument(collection: Collection, input: unknown): PlainObject {
	if (!isPlainObject(input)) throw badValue('a document to insert must be an object');
	const { _id: id = new ObjectId(), ...fields } = input;
	if (Array.isArray(id) || id instanceof RegExp)
		throw badValue(`can't use ${Array.isArray(id) ? 'an array' : 'a regex'} for _id`);
	const doc = { _id: id, ...fields };
	collection.insert(doc);
	return doc;
}

export interface UpdateStatement {
	readonly filter: Document;
	readonly update: UpdateSpec;
	readonly upsert?: boolean;
	readonly multi?: boolean;
	readonly arrayFilters?: Document[];
	readonly sort?: readonly SortField[];
}

export interface UpdateOutcome {
	readonly matched: number;
	readonly modified: number;
	/** Set when the statement upserted. */
	readonly upserted?: PlainObject;
	/** The first updated document before and after the update (for findAndModify). */
	readonly before?: PlainObject;
	readonly after?: PlainObject;
}

export function updateDocuments(collection: Collection, statement: UpdateStatement): UpdateOutcome {
	const { filter, update, arrayFilters } = statement;
	const targets = findRecords(collection, { filter, sort: statement.sort, limit: statement.multi ? 0 : 1 }).results;
	if (targets.length === 0) {
		if (!statement.upsert) return { matched: 0, modified: 0 };
		const doc = buildUpsertDocument(filter, update, { filter, arrayFilters, isInsert: true });
		collection.insert(doc);
		return { matched: 0, modified: 0, upserted: doc, after: doc };
	}
	let modified = 0;
	let first: { before: PlainObject; after: PlainObject } | undefined;
	for (const record of targets) {
		const before = record.doc;
		const after = applyUpdate(before, update, { filter, arrayFilters, isInsert: false });
		if (compareBson(before, after) !== 0) {
			collection.replace(record, before, after);
			modified += 1;
		}
		first ??= { before, after };
	}
	return { matched: targets.length, modified, ...first };
}

/** Deletes the matches (at most `limit`, 0 meaning all) and returns the deleted documents. */
export function deleteDocuments(
	collection: Collection,
	filter: Document,
	limit: number,
	sort?: readonly SortField[],
): PlainObject[] {
	const targets: DocRecord[] = findRecords(collection, { filter, sort, limit }).results;
	return targets.map((record) => {
		const doc = record.doc;
		collection.remove(record, doc);
		return doc;
	});
}
