/**
 * Document-level writes shared by the insert/update/delete/findAndModify commands. Each runs to
 * completion synchronously: a conditional update reads and writes with nothing interleaved, and an upsert
 * checks for a match and inserts in one step.
 */
import { ObjectId, type Document } from 'bson';
import { isPlainObject, type PlainObject } from '../bson/types';
import { badValue, CommandError } from '../errors';
import type { Collection } from './collection';
import { findRecords } from './query/executor';
import type { SortField } from './query/sort';
import { applyUpdate, buildUpsertDocument, type UpdateSpec } from './update/apply-update';

/** Stores a document as decoded from the insert command (as BSON bytes: see records.ts). */
export function insertDocument(collection: Collection, input: unknown): PlainObject {
	if (!isPlainObject(input)) throw badValue('a document to insert must be an object');
	const { _id: id = new ObjectId(), ...fields } = input;
	if (Array.isArray(id) || id instanceof RegExp)
		throw badValue(`can't use ${Array.isArray(id) ? 'an array' : 'a regex'} for _id`);
	rejectDollarPrefixedId(id);
	const doc = { _id: id, ...fields };
	collection.insert(doc);
	return doc;
}

/** An `_id` is stored as it is given, so no field name in it may be an operator's (MongoDB refuses them at any depth). */
function rejectDollarPrefixedId(value: unknown): void {
	if (Array.isArray(value)) value.forEach(rejectDollarPrefixedId);
	if (!isPlainObject(value)) return;
	for (const field in value) {
		if (field.startsWith('$')) {
			throw new CommandError(
				'DollarPrefixedFieldName',
				`_id fields may not contain '$'-prefixed fields: ${field} is not valid for storage.`,
			);
		}
		rejectDollarPrefixedId(value[field]);
	}
}

export interface UpdateStatement {
	readonly filter: Document;
	readonly update: UpdateSpec;
	readonly upsert?: boolean;
	readonly multi?: boolean;
	readonly arrayFilters?: Document[];
	readonly sort?: readonly SortField[];
	/** The command's `let`. */
	readonly variables?: Document;
}

/** A document as values and as the BSON bytes it is stored as (a reply writes the bytes as they are). */
export interface StoredDocument {
	readonly doc: PlainObject;
	readonly bytes: Uint8Array;
}

export interface UpdateOutcome {
	readonly matched: number;
	readonly modified: number;
	/** Set when the statement upserted. */
	readonly upserted?: PlainObject;
	/** The first updated document before and after the update (for findAndModify). */
	readonly before?: StoredDocument;
	readonly after?: StoredDocument;
}

export function updateDocuments(collection: Collection, statement: UpdateStatement): UpdateOutcome {
	const { filter, update, arrayFilters, variables } = statement;
	const query = { filter, sort: statement.sort, limit: statement.multi ? 0 : 1, variables };
	const { results: targets, documentOf } = findRecords(collection, query, { keepDocuments: true });
	if (targets.length === 0) {
		if (!statement.upsert) return { matched: 0, modified: 0 };
		const doc = buildUpsertDocument(filter, update, { filter, arrayFilters, isInsert: true, variables });
		const record = collection.insert(doc);
		return { matched: 0, modified: 0, upserted: doc, after: { doc, bytes: record.bson } };
	}
	let modified = 0;
	let first: { before: StoredDocument; after: StoredDocument } | undefined;
	for (const record of targets) {
		const before = documentOf(record);
		const beforeBytes = record.bson;
		const after = applyUpdate(before, update, { filter, arrayFilters, isInsert: false, variables });
		if (collection.replace(record, before, after)) modified += 1;
		first ??= { before: { doc: before, bytes: beforeBytes }, after: { doc: after, bytes: record.bson } };
	}
	return { matched: targets.length, modified, ...first };
}

/** Deletes the matches (at most `limit`, 0 meaning all) and returns the deleted documents. */
export function deleteDocuments(
	collection: Collection,
	filter: Document,
	limit: number,
	sort?: readonly SortField[],
	variables?: Document,
): PlainObject[] {
	const { results: targets, documentOf } = findRecords(collection, { filter, sort, limit, variables }, { keepDocuments: true });
	return targets.map((record) => {
		const doc = documentOf(record);
		collection.remove(record, doc);
		return doc;
	});
}
