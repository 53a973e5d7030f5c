import type { Document } from 'bson';
import { CommandError } from '../errors';

/**
 * Applies each statement of an insert/update/delete batch, collecting failures as `writeErrors` the way
 * mongod reports them; an ordered batch stops at the first failure.
 */
export function applyBatch<T>(
	statements: readonly T[],
	ordered: boolean,
	apply: (statement: T, index: number) => void,
): Record<string, unknown>[] {
	const writeErrors: Record<string, unknown>[] = [];
	for (const [index, statement] of statements.entries()) {
		try {
			apply(statement, index);
		} catch (error) {
			if (!(error instanceof CommandError)) throw error;
			writeErrors.push(error.toWriteError(index));
			if (ordered) break;
		}
	}
	return writeErrors;
}

/** `ordered` defaults to true. */
export function isOrdered(command: Record<string, unknown>): boolean {
	return command.ordered !== false;
}

/** A write command's reply, with `writeErrors` when a statement failed (the command itself still succeeded). */
export function withWriteErrors(reply: Document, writeErrors: Record<string, unknown>[]): Document {
	return writeErrors.length > 0 ? { ...reply, writeErrors, ok: 1 } : { ...reply, ok: 1 };
}
