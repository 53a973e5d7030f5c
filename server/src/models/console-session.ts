/**
 * A signed-in console session. `_id` is the SHA-256 of the session ID the browser holds in its cookie, so that
 * reading this collection gives no usable session. Kept in the database, not in one process, so that every instance
 * behind a load balancer knows it; kept through a test-double reset, which the console itself may ask for.
 */
import { Schema, type Connection } from 'mongoose';

export interface ConsoleSessionDoc {
	_id: string;
	/** Sent back by the page on every change (`X-CSRF-Token`); never the session ID. */
	csrfToken: string;
	createdAt: Date;
	lastSeenAt: Date;
}

const consoleSessionSchema = new Schema<ConsoleSessionDoc>(
	{
		_id: { type: String, required: true },
		csrfToken: { type: String, required: true },
		createdAt: { type: Date, required: true },
		lastSeenAt: { type: Date, required: true, index: true },
	},
	{ versionKey: false },
);

export const consoleSessionModel = (db: Connection) => db.model('ConsoleSession', consoleSessionSchema, 'console_sessions');
