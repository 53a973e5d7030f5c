/** find, aggregate, getMore and killCursors: commands that answer with a cursor. */
import { Long, type Document } from 'bson';
import { isLong } from '../bson/types';
import { badValue, CommandError } from '../errors';
import { runAggregate } from '../engine/aggregate';
import { findRecords } from '../engine/query/executor';
import { hasProjection, projectDocuments, storedBytesProjection } from '../engine/query/projection';
import { encodeDocument, type DocRecord } from '../engine/records';
import { parseSort, type SortField } from '../engine/query/sort';
import {
	collectionName,
	existingCollection,
	namespace,
	nonNegativeInteger,
	optionalDocument,
	optionalInteger,
	rejectCollation,
} from './arguments';
import type { CommandContext, CommandHandler } from './command-context';

export interface FindArguments {
	readonly filter: Document;
	readonly sort: SortField[];
	readonly projection?: Document;
	readonly skip?: number;
	readonly limit?: number;
	readonly singleBatch: boolean;
}

export function parseFindArguments(command: Document): FindArguments {
	rejectCollation(command);
	if (command.tailable === true) throw badValue('tailable cursors are not supported by the mongo emulator');
	// A negative limit is the legacy way to ask for a single batch.
	const limit = optionalInteger(command, 'limit');
	return {
		filter: optionalDocument(command, 'filter') ?? {},
		sort: parseSort(optionalDocument(command, 'sort')),
		projection: optionalDocument(command, 'projection'),
		skip: nonNegativeInteger(command, 'skip'),
		limit: limit === undefined ? undefined : Math.abs(limit),
		singleBatch: command.singleBatch === true || (limit !== undefined && limit < 0),
	};
}

const find: CommandHandler = (command, context) => {
	const name = collectionName(command);
	const args = parseFindArguments(command);
	const collection = existingCollection(context, name);
	const records = collection ? findRecords(collection, args).results : [];
	const documents = answerDocuments(records, args.projection);
	return cursorReply(context, namespace(context, name), documents, nonNegativeInteger(command, 'batchSize'), args.singleBatch);
};

/**
 * Without a projection the stored bytes are the answer, and with one of top-level fields, parts of them; otherwise
 * the documents are decoded, projected and encoded.
 */
function answerDocuments(records: readonly DocRecord[], projection: Document | undefined): Uint8Array[] {
	const stored = records.map((record) => record.bson);
	if (!hasProjection(projection)) return stored;
	const fromBytes = storedBytesProjection(projection);
	if (fromBytes) return fromBytes(stored);
	return projectDocuments(
		records.map((record) => record.doc),
		projection,
	).map(encodeDocument);
}

const aggregate: CommandHandler = (command, context) => {
	rejectCollation(command);
	if (command.explain === true) throw badValue('use the explain command to explain an aggregation');
	const name = collectionName(command);
	const cursor = optionalDocument(command, 'cursor');
	if (!cursor) throw new CommandError('FailedToParse', "The 'cursor' option is required");
	existingCollection(context, name); // removes TTL-expired documents first
	const { documents } = runAggregate(context.engine.database(context.databaseName), name, command.pipeline);
	return cursorReply(
		context,
		namespace(context, name),
		documents.map(encodeDocument),
		nonNegativeInteger(cursor, 'batchSize'),
		false,
	);
};

const getMore: CommandHandler = (command, context) => {
	const name = command.collection;
	if (typeof name !== 'string')
		throw new CommandError('TypeMismatch', "BSON field 'getMore.collection' is missing or not a string");
	const cursor = context.engine.cursors.getMore(
		cursorId(command.getMore),
		namespace(context, name),
		nonNegativeInteger(command, 'batchSize') || undefined,
	);
	return { cursor, ok: 1 };
};

const killCursors: CommandHandler = (command, context) => {
	const ids: unknown = command.cursors;
	if (!Array.isArray(ids)) throw new CommandError('TypeMismatch', "BSON field 'killCursors.cursors' must be an array");
	const { killed, notFound } = context.engine.cursors.kill(ids.map(cursorId));
	return {
		cursorsKilled: killed.map((id) => Long.fromNumber(id)),
		cursorsNotFound: notFound.map((id) => Long.fromNumber(id)),
		cursorsAlive: [],
		cursorsUnknown: [],
		ok: 1,
	};
};

function cursorReply(
	context: CommandContext,
	ns: string,
	documents: Uint8Array[],
	batchSize: number | undefined,
	singleBatch: boolean,
): Document {
	const cursor = context.engine.cursors.openCursor(ns, documents, { connectionId: context.connectionId, batchSize, singleBatch });
	return { cursor, ok: 1 };
}

function cursorId(value: unknown): number {
	const id = isLong(value) ? value.toNumber() : value;
	if (typeof id !== 'number') throw new CommandError('TypeMismatch', 'cursor id must be an integer');
	return id;
}

export const cursorCommands: Record<string, CommandHandler> = { find, aggregate, getMore, killCursors };
