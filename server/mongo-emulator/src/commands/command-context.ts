import type { Document, Long, ObjectId } from 'bson';
import type { Engine } from '../engine/engine';

/** What a command handler gets besides the command document. */
export interface CommandContext {
	readonly engine: Engine;
	/** The command's `$db`. */
	readonly databaseName: string;
	readonly connectionId: number;
	/** Identifies this run of the emulator to drivers' server monitors (see `hello`). */
	readonly topologyVersion: TopologyVersion;
}

/** A new `processId` at each start is how a driver tells that the server it reconnected to was restarted. */
export interface TopologyVersion {
	readonly processId: ObjectId;
	readonly counter: Long;
}

/** Handlers run synchronously so that each command is atomic; they throw CommandError to fail. */
export type CommandHandler = (command: Document, context: CommandContext) => Document;
