/** count, distinct and findAndModify. */
import type { Document } from 'bson';
import { compareBson } from '../bson/compare';
import { valuesAtPath } from '../bson/paths';
import { isPlainObject } from '../bson/types';
import { CommandError } from '../errors';
import { countMatches, findRecords } from '../engine/query/executor';
import { hasProjection, projectDocuments, storedBytesProjection } from '../engine/query/projection';
import { parseSort } from '../engine/query/sort';
import { deleteDocuments, updateDocuments, type StoredDocument } from '../engine/write-operations';
import { RawDocument } from '../wire/raw-documents';
import {
	collectionForWrite,
	collectionName,
	documentArray,
	existingCollection,
	nonNegativeInteger,
	optionalDocument,
	optionalInteger,
	rejectCollation,
} from './arguments';
import type { CommandHandler } from './command-context';

const count: CommandHandler = (command, context) => {
	rejectCollation(command);
	const collection = existingCollection(context, collectionName(command));
	const query = {
		filter: optionalDocument(command, 'query') ?? {},
		skip: nonNegativeInteger(command, 'skip'),
		limit: Math.abs(optionalInteger(command, 'limit') ?? 0),
	};
	return { n: collection ? countMatches(collection, query).results : 0, ok: 1 };
};

const distinct: CommandHandler = (command, context) => {
	rejectCollation(command);
	const key: unknown = command.key;
	if (typeof key !== 'string') throw new CommandError('TypeMismatch', "BSON field 'distinct.key' is missing or not a string");
	const collection = existingCollection(context, collectionName(command));
	const records = collection ? findRecords(collection, { filter: optionalDocument(command, 'query') ?? {} }).results : [];
	// Array values contribute their elements, as in mongod.
	const values = records.flatMap((record) =>
		valuesAtPath(record.doc, key).flatMap((value) => (Array.isArray(value) ? value : [value])),
	);
	const sorted = values.sort(compareBson);
	return { values: sorted.filter((value, i) => i === 0 || compareBson(sorted[i - 1], value) !== 0), ok: 1 };
};

const findAndModify: CommandHandler = (command, context) => {
	rejectCollation(command);
	const name = collectionName(command);
	const filter = optionalDocument(command, 'query') ?? {};
	const sort = parseSort(optionalDocument(command, 'sort'));
	const fields = optionalDocument(command, 'fields');
	const upsert = command.upsert === true;
	const project = (doc: Document | undefined): Document | null => (doc ? projectDocuments([doc], fields)[0] : null);

	if (command.remove === true) {
		if (command.update !== undefined || upsert) {
			throw new CommandError('FailedToParse', 'Cannot specify both an update and remove=true, or remove=true and upsert=true');
		}
		const collection = existingCollection(context, name);
		const [removed] = collection ? deleteDocuments(collection, filter, 1, sort) : [];
		return { lastErrorObject: { n: removed ? 1 : 0 }, value: project(removed), ok: 1 };
	}

	const update: unknown = command.update;
	if (!Array.isArray(update) && !isPlainObject(update)) {
		throw new CommandError('FailedToParse', 'Either an update or remove=true must be specified');
	}
	const collection = upsert ? collectionForWrite(context, name) : existingCollection(context, name);
	if (!collection) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
	const arrayFilters = command.arrayFilters === undefined ? undefined : documentArray(command, 'arrayFilters');
	const outcome = updateDocuments(collection, { filter, update, upsert, sort, arrayFilters });
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

export const queryCommands: Record<string, CommandHandler> = { count, distinct, findAndModify, findandmodify: findAndModify };
