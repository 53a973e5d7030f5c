/**
 * Errors that mean "the database cannot be reached now": a temporary condition, not a server fault, which a client
 * may retry (the error handler answers 503). (The server's only outgoing connections are to the database, so a
 * socket error is one of those.)
 */
import { mongo } from 'mongoose';
import { DatabaseUnavailableError } from './availability';

/** Driver errors that mean "the database cannot be reached now", which a client may retry. */
const UNREACHABLE = [
	mongo.MongoNetworkError,
	mongo.MongoServerSelectionError,
	mongo.MongoNotConnectedError,
	mongo.MongoTopologyClosedError,
];

/** Socket errors the driver can let through unwrapped (a write to a connection the server just closed). */
const UNREACHABLE_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED']);

export function isDatabaseUnreachable(error: unknown): boolean {
	return (
		error instanceof DatabaseUnavailableError ||
		UNREACHABLE_CODES.has(String((error as NodeJS.ErrnoException | undefined)?.code)) ||
		UNREACHABLE.some((type) => error instanceof type) ||
		(error as Error | undefined)?.name === 'MongooseServerSelectionError'
	);
}
