/** `count`: the number of documents a query matches, after `skip` and within `limit`. */
import { countMatches } from '../engine/query/executor';
import {
	collectionName,
	existingCollection,
	nonNegativeInteger,
	optionalDocument,
	optionalInteger,
	rejectCollation,
} from './arguments';
import type { CommandHandler } from './command-context';
import { checkFields, checkQuery, fieldRules } from './fields';

/** `fields` is accepted and ignored by MongoDB itself. */
export const COUNT_FIELDS = fieldRules('count', { accepted: ['query', 'skip', 'limit', 'collation', 'hint', 'fields'] });

export const count: CommandHandler = (command, context) => {
	checkFields(command, COUNT_FIELDS, true);
	rejectCollation(command);
	const collection = existingCollection(context, collectionName(command));
	const query = {
		filter: optionalDocument(command, 'query') ?? {},
		skip: nonNegativeInteger(command, 'skip'),
		limit: Math.abs(optionalInteger(command, 'limit') ?? 0),
	};
	checkQuery(collection, query.filter, command.hint);
	return { n: collection ? countMatches(collection, query).results : 0, ok: 1 };
};
