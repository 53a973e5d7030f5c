/** `insert`: a batch of documents, each stored on its own, failures reported as writeErrors. */
import { insertDocument } from '../engine/write-operations';
import { collectionForWrite, collectionName, documentArray } from './arguments';
import type { CommandHandler } from './command-context';
import { checkFields, fieldRules } from './fields';
import { applyBatch, isOrdered, withWriteErrors } from './write-batch';

/** There are no validators to bypass. */
const INSERT_FIELDS = fieldRules('insert', { accepted: ['documents', 'ordered', 'bypassDocumentValidation'] });

export const insert: CommandHandler = (command, context) => {
	checkFields(command, INSERT_FIELDS, true);
	const documents = documentArray(command, 'documents');
	const collection = collectionForWrite(context, collectionName(command));
	let inserted = 0;
	const writeErrors = applyBatch(documents, isOrdered(command), (doc) => {
		insertDocument(collection, doc);
		inserted += 1;
	});
	return withWriteErrors({ n: inserted }, writeErrors);
};
