/** `listCollections`: the database's collections, filtered, as a cursor. */
import type { Document } from 'bson';
import type { Collection } from '../engine/collection';
import { ID_INDEX_NAME } from '../engine/indexes/index-spec';
import { compileFilter } from '../engine/query/matcher';
import { encodeDocument } from '../engine/records';
import { nonNegativeInteger, optionalDocument } from './arguments';
import type { CommandHandler } from './command-context';
import { checkFields, fieldRules } from './fields';

/** Without authentication every collection is authorized. */
const LIST_COLLECTIONS_FIELDS = fieldRules('listCollections', {
	accepted: ['filter', 'nameOnly', 'authorizedCollections', 'cursor'],
});

export const listCollections: CommandHandler = (command, context) => {
	checkFields(command, LIST_COLLECTIONS_FIELDS, true);
	const matches = compileFilter(optionalDocument(command, 'filter'));
	const nameOnly = command.nameOnly === true;
	const infos = context.engine
		.database(context.databaseName)
		.list()
		.map((collection) => describeCollection(collection, nameOnly))
		.filter(matches);
	const cursor = context.engine.cursors.openCursor(`${context.databaseName}.$cmd.listCollections`, infos.map(encodeDocument), {
		connectionId: context.connectionId,
		batchSize: nonNegativeInteger(optionalDocument(command, 'cursor') ?? {}, 'batchSize'),
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
