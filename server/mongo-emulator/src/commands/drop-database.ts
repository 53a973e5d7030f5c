/** `dropDatabase`: removes the command's database with all its collections. */
import type { CommandHandler } from './command-context';

export const dropDatabase: CommandHandler = (_command, context) => {
	context.engine.dropDatabase(context.databaseName);
	return { dropped: context.databaseName, ok: 1 };
};
