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
import { checkFields, checkQuery, fieldRules, letVariables } from './fields';
import { applyBatch, isOrdered, withWriteErrors } from './write-batch';

const DELETE_FIELDS = fieldRules('delete', { accepted: ['deletes', 'ordered', 'let'] });
const STATEMENT_FIELDS = fieldRules('delete.deletes', { accepted: ['q', 'limit', 'collation', 'hint'] }, { generic: false });

export const deleteCommand: CommandHandler = (command, context) => {
	checkFields(command, DELETE_FIELDS, true);
	const statements = documentArray(command, 'deletes');
	// MongoDB parses the whole command first: a statement's unknown field fails the command, not a write.
	for (const statement of statements) checkFields(statement, STATEMENT_FIELDS, false);
	const collection = existingCollection(context, collectionName(command));
	const variables = letVariables(command);
	let deleted = 0;
	const writeErrors = applyBatch(statements, isOrdered(command), (statement) => {
		rejectCollation(statement);
		const limit = optionalInteger(statement, 'limit') ?? 0;
		if (limit !== 0 && limit !== 1) throw new CommandError('FailedToParse', 'The limit field in delete objects must be 0 or 1');
		const filter = optionalDocument(statement, 'q') ?? {};
		checkQuery(collection, filter, statement.hint);
		if (collection) deleted += deleteDocuments(collection, filter, limit, undefined, variables).length;
	});
	return withWriteErrors({ n: deleted }, writeErrors);
};
