/** `update`: a batch of update statements (operators, replacement or pipeline), each atomic, reported with writeErrors. */
import type { Document } from 'bson';
import { isPlainObject } from '../bson/types';
import { CommandError } from '../errors';
import { updateDocuments } from '../engine/write-operations';
import { checkUpdateSpec, isOperatorUpdate } from '../engine/update/apply-update';
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
import { applyBatch, isOrdered, withWriteErrors } from './write-batch';

/** There are no validators to bypass. */
const UPDATE_FIELDS = fieldRules('update', {
	accepted: ['updates', 'ordered', 'bypassDocumentValidation', 'let'],
});
/** `sort` is MongoDB 8.0's; MongoDB 7.0, which the emulator is, does not know it. */
const STATEMENT_FIELDS = fieldRules(
	'update.updates',
	{
		accepted: ['q', 'u', 'upsert', 'multi', 'arrayFilters', 'collation', 'hint'],
		refused: { c: 'constants of a pipeline update (let is supported)' },
	},
	{ generic: false },
);

export const update: CommandHandler = (command, context) => {
	checkFields(command, UPDATE_FIELDS, true);
	const statements = documentArray(command, 'updates');
	// MongoDB parses the whole command first: a statement's unknown field fails the command, not a write.
	for (const statement of statements) checkFields(statement, STATEMENT_FIELDS, false);
	const name = collectionName(command);
	const variables = letVariables(command);
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
		checkUpdateSpec(updateSpec);
		const upsert = statement.upsert === true;
		const existing = existingCollection(context, name);
		checkQuery(existing, filter, statement.hint); // before an upsert creates the collection
		const collection = existing ?? (upsert ? collectionForWrite(context, name) : undefined);
		if (!collection) return;
		const arrayFilters = statement.arrayFilters === undefined ? undefined : documentArray(statement, 'arrayFilters');
		const outcome = updateDocuments(collection, { filter, update: updateSpec, upsert, multi, arrayFilters, variables });
		matched += outcome.matched;
		modified += outcome.modified;
		if (outcome.upserted) upserted.push({ index, _id: outcome.upserted._id });
	});
	const reply: Document = { n: matched + upserted.length, nModified: modified };
	if (upserted.length > 0) reply.upserted = upserted;
	return withWriteErrors(reply, writeErrors);
};
