/** `drop`: removes a collection and its indexes; like MongoDB 7.0, dropping a missing collection succeeds. */
import { collectionName, namespace } from './arguments';
import type { CommandHandler } from './command-context';
import { checkFields, fieldRules } from './fields';

const DROP_FIELDS = fieldRules('drop', { accepted: [] });

export const drop: CommandHandler = (command, context) => {
	checkFields(command, DROP_FIELDS, true);
	const name = collectionName(command);
	const dropped = context.engine.database(context.databaseName).drop(name);
	return dropped ? { nIndexesWas: dropped.indexList().length, ns: namespace(context, name), ok: 1 } : { ok: 1 };
};
