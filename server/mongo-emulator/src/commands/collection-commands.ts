/** create, drop, listCollections, dropDatabase and listDatabases. */
import type { Document } from 'bson';
import { badValue } from '../errors';
import type { Collection } from '../engine/collection';
import { ID_INDEX_NAME } from '../engine/indexes/index-spec';
import { compileFilter } from '../engine/query/matcher';
import { collectionName, namespace, optionalDocument } from './arguments';
import { encodeDocument } from '../engine/records';
import type { CommandHandler } from './command-context';

/** Collection options that would change behaviour the emulator does not implement. */
const UNSUPPORTED_CREATE_OPTIONS = [
	'capped',
	'validator',
	'viewOn',
	'timeseries',
	'clusteredIndex',
	'changeStreamPreAndPostImages',
	'collation',
];

const create: CommandHandler = (command, context) => {
	const name = collectionName(command);
	const unsupported = UNSUPPORTED_CREATE_OPTIONS.find((option) => command[option] !== undefined && command[option] !== false);
	if (unsupported) throw badValue(`collection option '${unsupported}' is not supported by the mongo emulator`);
	context.engine.database(context.databaseName).create(name);
	return { ok: 1 };
};

/** Like MongoDB 7.0, dropping a missing collection succeeds. */
const drop: CommandHandler = (command, context) => {
	const name = collectionName(command);
	const dropped = context.engine.database(context.databaseName).drop(name);
	return dropped ? { nIndexesWas: dropped.indexList().length, ns: namespace(context, name), ok: 1 } : { ok: 1 };
};

const listCollections: CommandHandler = (command, context) => {
	const matches = compileFilter(optionalDocument(command, 'filter'));
	const nameOnly = command.nameOnly === true;
	const infos = context.engine
		.database(context.databaseName)
		.list()
		.map((collection) => describeCollection(collection, nameOnly))
		.filter(matches);
	const cursor = context.engine.cursors.openCursor(`${context.databaseName}.$cmd.listCollections`, infos.map(encodeDocument), {
		connectionId: context.connectionId,
	});
	return { cursor, ok: 1 };
};

function describeCollection(collection: Collection, nameOnly: boolean): Document {
	if (nameOnly) return { name: collection.name, type: 'collection' };
	return {
		name: collection.name,
		type: 'collection',
		options: {},
		info: { readOnly: false, uuid: collection.uuid },
		idIndex: { v: 2, key: { _id: 1 }, name: ID_INDEX_NAME },
	};
}

const dropDatabase: CommandHandler = (_command, context) => {
	context.engine.dropDatabase(context.databaseName);
	return { dropped: context.databaseName, ok: 1 };
};

const listDatabases: CommandHandler = (command, context) => {
	const matches = compileFilter(optionalDocument(command, 'filter'));
	const databases = context.engine
		.listDatabases()
		.map((database) => ({ name: database.name, sizeOnDisk: 0, empty: false }))
		.filter(matches);
	return command.nameOnly === true
		? { databases: databases.map(({ name }) => ({ name })), ok: 1 }
		: { databases, totalSize: 0, totalSizeMb: 0, ok: 1 };
};

export const collectionCommands: Record<string, CommandHandler> = { create, drop, listCollections, dropDatabase, listDatabases };
