/** Routes a command document to its handler and turns failures into mongod's error replies. */
import type { Document } from 'bson';
import { CommandError } from '../errors';
import type { CommandContext, CommandHandler } from './command-context';
import { collectionCommands } from './collection-commands';
import { cursorCommands } from './cursor-commands';
import { explainCommands } from './explain';
import { indexCommands } from './index-commands';
import { queryCommands } from './query-commands';
import { serverInfoCommands } from './server-info';
import { writeCommands } from './write-commands';

const handlers = new Map<string, CommandHandler>(
	Object.entries({
		...serverInfoCommands,
		...collectionCommands,
		...indexCommands,
		...writeCommands,
		...cursorCommands,
		...queryCommands,
		...explainCommands,
	}),
);

/** The names of the commands the emulator answers (the README's support matrix lists them). */
export function handledCommands(): string[] {
	return [...handlers.keys()];
}

/** Multi-document transactions need a replica set; a standalone mongod refuses them the same way. */
export const TRANSACTION_COMMANDS: ReadonlySet<string> = new Set(['commitTransaction', 'abortTransaction']);

export function runCommand(command: Document, context: CommandContext): Document {
	try {
		const name = Object.keys(command)[0];
		if (command.txnNumber !== undefined || command.autocommit !== undefined || TRANSACTION_COMMANDS.has(name)) {
			throw new CommandError('IllegalOperation', 'Transaction numbers are only allowed on a replica set member or mongos');
		}
		const handler = handlers.get(name);
		if (!handler) throw new CommandError('CommandNotFound', `no such command: '${name}'`);
		return handler(command, context);
	} catch (error) {
		if (error instanceof CommandError) return error.toReply();
		throw error;
	}
}
