/** `delete`: a batch of delete statements (`limit` 0 for all matches, 1 for the first), reported with writeErrors. */
import { CommandError } from '../errors';
import { deleteDocuments } from '../engine/write-operations';
import {
	collectionName,
	documentArray,
	existingCollection,
	optionalDocument,
	optionalInteger,
	rejectCollation,
} from './arguments';
import type { CommandHandler } from './command-context';
import { applyBatch, isOrdered, withWriteErrors } from './write-batch';

export const deleteCommand: CommandHandler = (command, context) => {
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
