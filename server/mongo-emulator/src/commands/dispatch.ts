/** Routes a command document to its handler and turns failures into mongod's error replies. */
import type { Document } from 'bson';
import { CommandError } from '../errors';
import type { CommandContext, CommandHandler } from './command-context';
import { COMMANDS } from './registry';

const handlers = new Map<string, CommandHandler>(Object.entries(COMMANDS).map(([name, entry]) => [name, entry.handler]));

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
