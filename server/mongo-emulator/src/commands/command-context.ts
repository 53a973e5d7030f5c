import type { Document } from 'bson';
import type { Engine } from '../engine/engine';

/** What a command handler gets besides the command document. */
export interface CommandContext {
	readonly engine: Engine;
	/** The command's `$db`. */
	readonly databaseName: string;
	readonly connectionId: number;
}

/** Handlers run synchronously so that each command is atomic; they throw CommandError to fail. */
export type CommandHandler = (command: Document, context: CommandContext) => Document;
