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

export const count: CommandHandler = (command, context) => {
	rejectCollation(command);
	const collection = existingCollection(context, collectionName(command));
	const query = {
		filter: optionalDocument(command, 'query') ?? {},
		skip: nonNegativeInteger(command, 'skip'),
		limit: Math.abs(optionalInteger(command, 'limit') ?? 0),
	};
	return { n: collection ? countMatches(collection, query).results : 0, ok: 1 };
};
