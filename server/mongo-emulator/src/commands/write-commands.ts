/** insert, update and delete: batches of statements, each atomic, reported with writeErrors. */
import type { Document } from 'bson';
import { isPlainObject } from '../bson/types';
import { CommandError } from '../errors';
import { deleteDocuments, insertDocument, updateDocuments } from '../engine/write-operations';
import { isOperatorUpdate } from '../engine/update/apply-update';
import {
	collectionForWrite,
	collectionName,
	documentArray,
	existingCollection,
	optionalDocument,
	optionalInteger,
	rejectCollation,
} from './arguments';
import type { CommandHandler } from './command-context';
import { applyBatch, isOrdered } from './write-batch';

const insert: CommandHandler = (command, context) => {
	const documents = documentArray(command, 'documents');
	const collection = collectionForWrite(context, collectionName(command));
	let inserted = 0;
	const writeErrors = applyBatch(documents, isOrdered(command), (doc) => {
		insertDocument(collection, doc);
		inserted += 1;
	});
	return withWriteErrors({ n: inserted }, writeErrors);
};

const update: CommandHandler = (command, context) => {
	const statements = documentArray(command, 'updates');
	const name = collectionName(command);
	let matched = 0;
	let modified = 0;
	const upserted: Document[] = [];
	const writeErrors = applyBatch(statements, isOrdered(command), (statement, index) => {
		rejectCollation(statement);
		const filter = optionalDocument(statement, 'q') ?? {};
		const updateSpec: unknown = statement.u;
		if (!Array.isArray(updateSpec) && !isPlainObject(updateSpec)) {
			throw new CommandError('FailedToParse', 'Update argument must be either an object or an array');
		}
		const multi = statement.multi === true;
		if (multi && !Array.isArray(updateSpec) && !isOperatorUpdate(updateSpec)) {
			throw new CommandError('FailedToParse', 'multi update is not supported for replacement-style update');
		}
		const upsert = statement.upsert === true;
		const collection = upsert ? collectionForWrite(context, name) : existingCollection(context, name);
		if (!collection) return;
		const arrayFilters = statement.arrayFilters === undefined ? undefined : documentArray(statement, 'arrayFilters');
		const outcome = updateDocuments(collection, { filter, update: updateSpec, upsert, multi, arrayFilters });
		matched += outcome.matched;
		modified += outcome.modified;
		if (outcome.upserted) upserted.push({ index, _id: outcome.upserted._id });
	});
	const reply: Document = { n: matched + upserted.length, nModified: modified };
	if (upserted.length > 0) reply.upserted = upserted;
	return withWriteErrors(reply, writeErrors);
};

const deleteCommand: CommandHandler = (command, context) => {
	const statements = documentArray(command, 'deletes');
	const collection = existingCollection(context, collectionName(command));
	let deleted = 0;
	const writeErrors = applyBatch(statements, isOrdered(command), (statement) => {
		rejectCollation(statement);
		const limit = optionalInteger(statement, 'limit') ?? 0;
		if (limit !== 0 && limit !== 1) throw new CommandError('FailedToParse', 'The limit field in delete objects must be 0 or 1');
		if (collection) deleted += deleteDocuments(collection, optionalDocument(statement, 'q') ?? {}, limit).length;
	});
	return withWriteErrors({ n: deleted }, writeErrors);
};

function withWriteErrors(reply: Document, writeErrors: Record<string, unknown>[]): Document {
	return writeErrors.length > 0 ? { ...reply, writeErrors, ok: 1 } : { ...reply, ok: 1 };
}

export const writeCommands: Record<string, CommandHandler> = { insert, update, delete: deleteCommand };
