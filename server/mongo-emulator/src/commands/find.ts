/** `find`: the documents a query matches, sorted, projected, skipped and limited, answered as a cursor. */
import type { Document } from 'bson';
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
import type { CommandHandler } from './command-context';
import { cursorReply } from './cursor-reply';
import { checkFields, checkQuery, fieldRules, letVariables } from './fields';

export interface FindArguments {
	readonly filter: Document;
	readonly sort: SortField[];
	readonly projection?: Document;
	readonly skip?: number;
	readonly limit?: number;
	readonly singleBatch: boolean;
	readonly variables?: Document;
}

/**
 * `allowDiskUse` changes nothing in memory, `allowPartialResults` concerns shards and `oplogReplay` is ignored by
 * MongoDB itself since 4.4.
 */
const FIND_FIELDS = fieldRules('find', {
	accepted: [
		'filter',
		'sort',
		'projection',
		'skip',
		'limit',
		'batchSize',
		'singleBatch',
		'collation',
		'hint',
		'allowDiskUse',
		'allowPartialResults',
		'oplogReplay',
		'let',
	],
	refused: {
		returnKey: 'answering with index keys',
		showRecordId: 'record ids',
		min: 'index bounds',
		max: 'index bounds',
		tailable: 'tailable cursors',
		awaitData: 'tailable cursors',
		noCursorTimeout: 'cursors that never time out',
		requestResumeToken: 'resume tokens',
		resumeAfter: 'resume tokens',
	},
});

export function parseFindArguments(command: Document): FindArguments {
	checkFields(command, FIND_FIELDS, true);
	rejectCollation(command);
	// A negative limit is the legacy way to ask for a single batch.
	const limit = optionalInteger(command, 'limit');
	return {
		filter: optionalDocument(command, 'filter') ?? {},
		sort: parseSort(optionalDocument(command, 'sort')),
		projection: optionalDocument(command, 'projection'),
		skip: nonNegativeInteger(command, 'skip'),
		limit: limit === undefined ? undefined : Math.abs(limit),
		singleBatch: command.singleBatch === true || (limit !== undefined && limit < 0),
		variables: letVariables(command),
	};
}

export const find: CommandHandler = (command, context) => {
	const name = collectionName(command);
	const args = parseFindArguments(command);
	const collection = existingCollection(context, name);
	checkQuery(collection, args.filter, command.hint);
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
