/**
 * Console sessions: a random ID in an HttpOnly cookie, its hash in the database (`models/console-session.ts`), an
 * idle timeout and a longest life. The admin token itself is only compared at sign-in, never kept.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Models } from '../models';

/** However active, a session ends after this long: a stolen cookie is not good forever. */
export const MAX_SESSION_MS = 12 * 60 * 60_000;

export interface ConsoleSession {
	id: string;
	csrfToken: string;
}

const hashOf = (id: string) => createHash('sha256').update(id).digest('hex');

/** IDs as we mint them: 32 random bytes in base64url. Anything else is not looked up. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export class ConsoleSessions {
	constructor(
		private readonly models: Models,
		private readonly idleTimeoutMs: number,
		private readonly now: () => number = Date.now,
	) {}

	async create(): Promise<ConsoleSession> {
		const id = randomBytes(32).toString('base64url');
		const csrfToken = randomBytes(32).toString('base64url');
		const at = new Date(this.now());
		// Ended sessions are swept here, where a session begins, rather than by a timer in every instance.
		await this.models.consoleSessions.deleteMany({ lastSeenAt: { $lt: new Date(at.getTime() - this.idleTimeoutMs) } });
		await this.models.consoleSessions.create({ _id: hashOf(id), csrfToken, createdAt: at, lastSeenAt: at });
		return { id, csrfToken };
	}

	/**
	 * The live session with this ID; undefined when unknown, idle too long or too old. Its idle time restarts, unless
	 * the request is the page's own polling (`activity` false), which is no sign of a person at the screen.
	 */
	async touch(id: string | undefined, activity = true): Promise<ConsoleSession | undefined> {
		if (id === undefined || !SESSION_ID.test(id)) return undefined;
		const now = this.now();
		const live = {
			_id: hashOf(id),
			lastSeenAt: { $gt: new Date(now - this.idleTimeoutMs) },
			createdAt: { $gt: new Date(now - MAX_SESSION_MS) },
		};
		const sessions = this.models.consoleSessions;
		const found = await (activity
			? sessions.findOneAndUpdate(live, { $set: { lastSeenAt: new Date(now) } }, { returnDocument: 'after' }).lean()
			: sessions.findOne(live).lean());
		if (!found) return undefined;
		return { id, csrfToken: found.csrfToken };
	}

	async end(id: string): Promise<void> {
		if (SESSION_ID.test(id)) await this.models.consoleSessions.deleteOne({ _id: hashOf(id) });
	}
}
