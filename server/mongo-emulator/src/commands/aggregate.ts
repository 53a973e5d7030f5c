/** `aggregate` on a collection: runs the pipeline and answers with a cursor over its output. */
import { badValue, CommandError } from '../errors';
import { runAggregateToBson } from '../engine/aggregate';
import {
	collectionName,
	existingCollection,
	namespace,
	nonNegativeInteger,
	optionalDocument,
	rejectCollation,
} from './arguments';
import type { CommandHandler } from './command-context';
import { checkFields, checkQuery, fieldRules, letVariables } from './fields';
import { cursorReply } from './cursor-reply';

/** `allowDiskUse` changes nothing in memory; there are no validators to bypass ($out and $merge are refused anyway). */
export const AGGREGATE_FIELDS = fieldRules('aggregate', {
	accepted: ['pipeline', 'cursor', 'explain', 'collation', 'hint', 'allowDiskUse', 'bypassDocumentValidation', 'let'],
});

export const aggregate: CommandHandler = (command, context) => {
	checkFields(command, AGGREGATE_FIELDS, true);
	rejectCollation(command);
	if (command.explain === true) throw badValue('use the explain command to explain an aggregation');
	if (command.aggregate === 1) {
		throw badValue('a database aggregation (aggregate: 1) is not supported by the mongo emulator: aggregate on a collection');
	}
	const name = collectionName(command);
	const cursor = optionalDocument(command, 'cursor');
	if (!cursor) throw new CommandError('FailedToParse', "The 'cursor' option is required");
	checkQuery(existingCollection(context, name), {}, command.hint); // the collection call removes TTL-expired documents first
	const documents = runAggregateToBson(
		context.engine.database(context.databaseName),
		name,
		command.pipeline,
		letVariables(command),
	);
	return cursorReply(context, namespace(context, name), documents, nonNegativeInteger(cursor, 'batchSize'), false);
};
