/** `findAndModify` (and its old spelling `findandmodify`): updates, replaces or removes one document and answers with it. */
import type { Document } from 'bson';
import { isPlainObject } from '../bson/types';
import { CommandError } from '../errors';
import { hasProjection, projectDocuments, storedBytesProjection } from '../engine/query/projection';
import { parseSort } from '../engine/query/sort';
import { checkUpdateSpec } from '../engine/update/apply-update';
import { deleteDocuments, updateDocuments, type StoredDocument } from '../engine/write-operations';
import { RawDocument } from '../wire/raw-documents';
import {
	collectionForWrite,
	collectionName,
	documentArray,
	existingCollection,
	optionalDocument,
	rejectCollation,
} from './arguments';
import type { CommandHandler } from './command-context';
import { checkFields, checkQuery, fieldRules, letVariables } from './fields';

/** There are no validators to bypass. */
const FIND_AND_MODIFY_FIELDS = fieldRules('findAndModify', {
	accepted: [
		'query',
		'sort',
		'remove',
		'update',
		'new',
		'fields',
		'upsert',
		'arrayFilters',
		'collation',
		'hint',
		'bypassDocumentValidation',
		'let',
	],
});

export const findAndModify: CommandHandler = (command, context) => {
	checkFields(command, FIND_AND_MODIFY_FIELDS, true);
	rejectCollation(command);
	const name = collectionName(command);
	const filter = optionalDocument(command, 'query') ?? {};
	const sort = parseSort(optionalDocument(command, 'sort'));
	const fields = optionalDocument(command, 'fields');
	const upsert = command.upsert === true;
	const variables = letVariables(command);
	const project = (doc: Document | undefined): Document | null => (doc ? projectDocuments([doc], fields)[0] : null);

	if (command.remove === true) {
		if (command.update !== undefined || upsert) {
			throw new CommandError('FailedToParse', 'Cannot specify both an update and remove=true, or remove=true and upsert=true');
		}
		const collection = existingCollection(context, name);
		checkQuery(collection, filter, command.hint);
		const [removed] = collection ? deleteDocuments(collection, filter, 1, sort, variables) : [];
		return { lastErrorObject: { n: removed ? 1 : 0 }, value: project(removed), ok: 1 };
	}

	const update: unknown = command.update;
	if (!Array.isArray(update) && !isPlainObject(update)) {
		throw new CommandError('FailedToParse', 'Either an update or remove=true must be specified');
	}
	checkUpdateSpec(update);
	const existing = existingCollection(context, name);
	checkQuery(existing, filter, command.hint); // before an upsert creates the collection
	const collection = existing ?? (upsert ? collectionForWrite(context, name) : undefined);
	if (!collection) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
	const arrayFilters = command.arrayFilters === undefined ? undefined : documentArray(command, 'arrayFilters');
	const outcome = updateDocuments(collection, { filter, update, upsert, sort, arrayFilters, variables });
	const lastErrorObject: Document = { n: outcome.matched || (outcome.upserted ? 1 : 0), updatedExisting: outcome.matched > 0 };
	if (outcome.upserted) lastErrorObject.upserted = outcome.upserted._id;
	const value = command.new === true ? outcome.after : outcome.before;
	return { lastErrorObject, value: value ? storedValue(value, fields) : null, ok: 1 };
};

/**
 * The document a findAndModify answers with: its stored bytes as they are, or those of the fields a top-level
 * projection keeps (the usual cases: nothing is encoded again); any other projection from its values.
 */
function storedValue(stored: StoredDocument, fields: Document | undefined): Document | RawDocument {
	if (!hasProjection(fields)) return new RawDocument(stored.bytes);
	const fromBytes = storedBytesProjection(fields);
	return fromBytes ? new RawDocument(fromBytes([stored.bytes])[0]) : projectDocuments([stored.doc], fields)[0];
}
