/**
 * Server-side command errors, carrying the numeric code and codeName a real mongod would send so that
 * the driver and mongoose classify them exactly as they would against MongoDB.
 */

export const ErrorCode = {
	InternalError: 1,
	BadValue: 2,
	FailedToParse: 9,
	Unauthorized: 13,
	TypeMismatch: 14,
	IllegalOperation: 20,
	NamespaceNotFound: 26,
	ConflictingUpdateOperators: 40,
	CursorNotFound: 43,
	NamespaceExists: 48,
	CommandNotFound: 59,
	ImmutableField: 66,
	InvalidOptions: 72,
	InvalidNamespace: 73,
	IndexOptionsConflict: 85,
	IndexKeySpecsConflict: 86,
	CannotIndexParallelArrays: 171,
	IndexNotFound: 27,
	DollarPrefixedFieldName: 52,
	DuplicateKey: 11000,
	/** MongoDB's code for a field a command does not know (its codeName is the generic `Location<code>`). */
	Location40415: 40415,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;

/** A command failure; `extra` fields (e.g. keyPattern/keyValue) are copied into the error reply. */
export class CommandError extends Error {
	readonly code: number;

	constructor(
		readonly codeName: ErrorCodeName,
		message: string,
		readonly extra: Record<string, unknown> = {},
	) {
		super(message);
		this.name = 'CommandError';
		this.code = ErrorCode[codeName];
	}

	/** The `{ok: 0, ...}` document a server replies with. */
	toReply(): Record<string, unknown> {
		return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
	}

	/** The `writeErrors[]` entry shape used by insert/update/delete. */
	toWriteError(index: number): Record<string, unknown> {
		return { index, code: this.code, errmsg: this.message, ...this.extra };
	}
}

export function badValue(message: string): CommandError {
	return new CommandError('BadValue', message);
}
