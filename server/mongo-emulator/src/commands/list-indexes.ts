/** `listIndexes`: a collection's index specifications, as a cursor. */
import { CommandError } from '../errors';
import { encodeDocument } from '../engine/records';
import { collectionName, existingCollection, namespace } from './arguments';
import type { CommandHandler } from './command-context';

export const listIndexes: CommandHandler = (command, context) => {
	const name = collectionName(command);
	const collection = existingCollection(context, name);
	if (!collection) throw new CommandError('NamespaceNotFound', `ns does not exist: ${namespace(context, name)}`);
	const specs = collection.indexList().map((index) => index.describe());
	const cursor = context.engine.cursors.openCursor(namespace(context, name), specs.map(encodeDocument), {
		connectionId: context.connectionId,
	});
	return { cursor, ok: 1 };
};
