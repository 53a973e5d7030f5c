/** `dropDatabase`: removes the command's database with all its collections. */
import type { CommandHandler } from './command-context';
import { checkFields, fieldRules } from './fields';

const DROP_DATABASE_FIELDS = fieldRules('dropDatabase', { accepted: [] });

export const dropDatabase: CommandHandler = (command, context) => {
	checkFields(command, DROP_DATABASE_FIELDS, true);
	context.engine.dropDatabase(context.databaseName);
	return { dropped: context.databaseName, ok: 1 };
};
