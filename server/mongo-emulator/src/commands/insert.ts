/** `insert`: a batch of documents, each stored on its own, failures reported as writeErrors. */
import { insertDocument } from '../engine/write-operations';
import { collectionForWrite, collectionName, documentArray } from './arguments';
import type { CommandHandler } from './command-context';
import { applyBatch, isOrdered, withWriteErrors } from './write-batch';

export const insert: CommandHandler = (command, context) => {
	const documents = documentArray(command, 'documents');
	const collection = collectionForWrite(context, collectionName(command));
	let inserted = 0;
	const writeErrors = applyBatch(documents, isOrdered(command), (doc) => {
		insertDocument(collection, doc);
		inserted += 1;
	});
	return withWriteErrors({ n: inserted }, writeErrors);
};
