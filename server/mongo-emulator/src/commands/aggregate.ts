/** `aggregate` on a collection: runs the pipeline and answers with a cursor over its output. */
import { badValue, CommandError } from '../errors';
import { runAggregate } from '../engine/aggregate';
import { encodeDocument } from '../engine/records';
import {
	collectionName,
	existingCollection,
	namespace,
	nonNegativeInteger,
	optionalDocument,
	rejectCollation,
} from './arguments';
import type { CommandHandler } from './command-context';
import { cursorReply } from './cursor-reply';

export const aggregate: CommandHandler = (command, context) => {
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
