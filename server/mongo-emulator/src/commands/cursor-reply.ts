/** What the commands that answer with a cursor share: opening it for the reply, and reading cursor ids. */
import type { Document } from 'bson';
import { isLong } from '../bson/types';
import { CommandError } from '../errors';
import type { CommandContext } from './command-context';

export function cursorReply(
	context: CommandContext,
	ns: string,
	documents: Uint8Array[],
	batchSize: number | undefined,
	singleBatch: boolean,
): Document {
	const cursor = context.engine.cursors.openCursor(ns, documents, { connectionId: context.connectionId, batchSize, singleBatch });
	return { cursor, ok: 1 };
}

export function cursorId(value: unknown): number {
	const id = isLong(value) ? value.toNumber() : value;
	if (typeof id !== 'number') throw new CommandError('TypeMismatch', 'cursor id must be an integer');
	return id;
}
