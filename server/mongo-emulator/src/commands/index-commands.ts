/** createIndexes, listIndexes and dropIndexes. */
import type { Document } from 'bson';
import { isPlainObject } from '../bson/types';
import { badValue, CommandError } from '../errors';
import type { Collection } from '../engine/collection';
import { ID_INDEX_NAME, keyPattern, parseIndexSpec } from '../engine/indexes/index-spec';
import { compareBson } from '../bson/compare';
import { collectionForWrite, collectionName, existingCollection, namespace } from './arguments';
import { encodeDocument } from '../engine/records';
import type { CommandHandler } from './command-context';

const createIndexes: CommandHandler = (command, context) => {
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

const listIndexes: CommandHandler = (command, context) => {
	const name = collectionName(command);
	const collection = existingCollection(context, name);
	if (!collection) throw new CommandError('NamespaceNotFound', `ns does not exist: ${namespace(context, name)}`);
	const specs = collection.indexList().map((index) => index.describe());
	const cursor = context.engine.cursors.openCursor(namespace(context, name), specs.map(encodeDocument), {
		connectionId: context.connectionId,
	});
	return { cursor, ok: 1 };
};

const dropIndexes: CommandHandler = (command, context) => {
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

export const indexCommands: Record<string, CommandHandler> = { createIndexes, listIndexes, dropIndexes };
