/** `dropIndexes`: removes indexes by name, names, key pattern or all but `_id` (`"*"`). */
import type { Document } from 'bson';
import { compareBson } from '../bson/compare';
import { isPlainObject } from '../bson/types';
import { badValue, CommandError } from '../errors';
import type { Collection } from '../engine/collection';
import { ID_INDEX_NAME, keyPattern } from '../engine/indexes/index-spec';
import { collectionName, existingCollection, namespace } from './arguments';
import type { CommandHandler } from './command-context';
import { checkFields, fieldRules } from './fields';

const DROP_INDEXES_FIELDS = fieldRules('dropIndexes', { accepted: ['index'] });

export const dropIndexes: CommandHandler = (command, context) => {
	checkFields(command, DROP_INDEXES_FIELDS, true);
	const name = collectionName(command);
	const collection = existingCollection(context, name);
	if (!collection) throw new CommandError('NamespaceNotFound', `ns not found ${namespace(context, name)}`);
	const before = collection.indexList().length;
	for (const indexName of indexNamesToDrop(collection, command.index)) collection.dropIndex(indexName);
	return { nIndexesWas: before, ok: 1 };
};

/** `index` may be "*", a name, a list of names or a key pattern. */
function indexNamesToDrop(collection: Collection, selector: unknown): string[] {
	if (selector === '*')
		return collection
			.indexList()
			.map((index) => index.name)
			.filter((indexName) => indexName !== ID_INDEX_NAME);
	if (typeof selector === 'string') return [selector];
	if (Array.isArray(selector) && selector.every((item) => typeof item === 'string')) return selector;
	if (isPlainObject(selector)) {
		const index = collection
			.indexList()
			.find((candidate) => compareBson(keyPattern(candidate.spec.fields), selector as Document) === 0);
		if (!index) throw new CommandError('IndexNotFound', `can't find index with key: ${JSON.stringify(selector)}`);
		return [index.name];
	}
	throw badValue("dropIndexes 'index' must be a name, a list of names, a key pattern or '*'");
}
