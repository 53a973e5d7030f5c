/** `getMore`: the next batch of an open cursor. */
import { CommandError } from '../errors';
import { namespace, nonNegativeInteger } from './arguments';
import type { CommandHandler } from './command-context';
import { checkFields, fieldRules } from './fields';
import { cursorId } from './cursor-reply';

const GET_MORE_FIELDS = fieldRules('getMore', { accepted: ['collection', 'batchSize'] });

export const getMore: CommandHandler = (command, context) => {
	checkFields(command, GET_MORE_FIELDS, true);
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
