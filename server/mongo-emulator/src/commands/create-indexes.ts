/** `createIndexes`: builds indexes, creating the collection if needed; an existing identical index is kept. */
import { badValue } from '../errors';
import { parseIndexSpec } from '../engine/indexes/index-spec';
import { collectionForWrite, collectionName } from './arguments';
import type { CommandHandler } from './command-context';
import { checkFields, fieldRules } from './fields';

/** `commitQuorum` concerns replica sets; a single node builds at once. */
const CREATE_INDEXES_FIELDS = fieldRules('createIndexes', { accepted: ['indexes', 'commitQuorum'] });

export const createIndexes: CommandHandler = (command, context) => {
	checkFields(command, CREATE_INDEXES_FIELDS, true);
	const name = collectionName(command);
	const rawSpecs: unknown = command.indexes;
	if (!Array.isArray(rawSpecs) || rawSpecs.length === 0) throw badValue('Must specify at least one index to create');
	const specs = rawSpecs.map(parseIndexSpec);
	const createdCollection = !context.engine.database(context.databaseName).collection(name);
	const collection = collectionForWrite(context, name);
	const before = collection.indexList().length;
	const created = specs.filter((spec) => collection.createIndex(spec)).length;
	return {
		numIndexesBefore: before,
		numIndexesAfter: before + created,
		createdCollectionAutomatically: createdCollection,
		...(created === 0 && { note: 'all indexes already exist' }),
		ok: 1,
	};
};
