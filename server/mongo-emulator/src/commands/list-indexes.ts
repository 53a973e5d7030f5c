/** `listIndexes`: a collection's index specifications, as a cursor. */
import { CommandError } from '../errors';
import { encodeDocument } from '../engine/records';
import { collectionName, existingCollection, namespace, nonNegativeInteger, optionalDocument } from './arguments';
import type { CommandHandler } from './command-context';
import { checkFields, fieldRules } from './fields';

const LIST_INDEXES_FIELDS = fieldRules('listIndexes', { accepted: ['cursor'] });

export const listIndexes: CommandHandler = (command, context) => {
	checkFields(command, LIST_INDEXES_FIELDS, true);
	const name = collectionName(command);
	const collection = existingCollection(context, name);
	if (!collection) throw new CommandError('NamespaceNotFound', `ns does not exist: ${namespace(context, name)}`);
	const specs = collection.indexList().map((index) => index.describe());
	const cursor = context.engine.cursors.openCursor(namespace(context, name), specs.map(encodeDocument), {
		connectionId: context.connectionId,
		batchSize: nonNegativeInteger(optionalDocument(command, 'cursor') ?? {}, 'batchSize'),
	});
	return { cursor, ok: 1 };
};
