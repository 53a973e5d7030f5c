/**
 * The rate window (§8) of each user, all methods and keys combined. It is kept on the user document and moved by
 * the very command that looks the key up (`authenticate.ts`), so counting a call costs no command of its own, and
 * every instance sharing the database shares it. `rate-limit.ts` judges the count.
 *
 * The window is fixed: the user's first call opens it for a minute, and the first call after it has ended opens
 * the next. A call over the limit is counted too (it changes nothing: the window does not move).
 */
import type { mongo } from 'mongoose';
import type { UserDoc } from '../../models/user';

export const RATE_WINDOW_MS = 60_000;

export interface RateWindow {
	endsAt: Date;
	/** Calls counted in it, this one included. */
	calls: number;
}

/** What the API's handlers see of the user, and its window as this call left it. */
export type CountedUser = Pick<UserDoc, '_id' | 'name' | 'email' | 'plan'> & { rateWindow: RateWindow };

const USER_FIELDS = { name: 1, email: 1, plan: 1, rateWindow: 1 } as const;

export const windowIsOpen = (window: RateWindow | null | undefined, now: Date): boolean =>
	window != null && window.endsAt.getTime() > now.getTime();

/** Counts the call in the open window of the user `user` selects; null when none matches (or its window ended). */
export function countInOpenWindow(
	users: mongo.Collection<UserDoc>,
	user: mongo.Filter<UserDoc>,
	now: Date,
): Promise<CountedUser | null> {
	return users.findOneAndUpdate(
		{ ...user, 'rateWindow.endsAt': { $gt: now } },
		{ $inc: { 'rateWindow.calls': 1 } },
		{ returnDocument: 'after', projection: USER_FIELDS },
	) as Promise<CountedUser | null>;
}

/**
 * Opens a new window with this call in it, only if the user's window has ended or never opened: of two
 * instances racing at the rollover, one opens it and the other's call misses here, then counts in it.
 */
export function openWindow(
	users: mongo.Collection<UserDoc>,
	user: mongo.Filter<UserDoc>,
	now: Date,
): Promise<CountedUser | null> {
	return users.findOneAndUpdate(
		// `$not: {$gt}` also matches a document without the field: a user who has not called yet.
		{ ...user, 'rateWindow.endsAt': { $not: { $gt: now } } },
		{ $set: { rateWindow: { endsAt: new Date(now.getTime() + RATE_WINDOW_MS), calls: 1 } } },
		{ returnDocument: 'after', projection: USER_FIELDS },
	) as Promise<CountedUser | null>;
}
