/**
 * Rate limit (§8): N requests per minute per account, all methods and keys combined. Each account's window is kept
 * on its user document and moved by the very command that looks its key up (`auth.ts`), so counting a call costs no
 * command of its own, and every instance sharing the database shares the limit.
 *
 * The window is fixed: the account's first call opens it for a minute, and the first call after it has ended opens
 * the next. A call over the limit is counted too (it changes nothing: the window does not move).
 */
import type { Response } from 'express';
import type { mongo } from 'mongoose';
import type { UserDoc } from '../models/user';
import { ApiError } from './errors';

export const RATE_WINDOW_MS = 60_000;

export interface RateWindow {
	endsAt: Date;
	/** Calls counted in it, this one included. */
	calls: number;
}

/** What the API's handlers see of the account, and its window as this call left it. */
export type CountedAccount = Pick<UserDoc, '_id' | 'name' | 'email' | 'plan'> & { rateWindow: RateWindow };

const ACCOUNT_FIELDS = { name: 1, email: 1, plan: 1, rateWindow: 1 } as const;

export const windowIsOpen = (window: RateWindow | null | undefined, now: Date): boolean =>
	window != null && window.endsAt.getTime() > now.getTime();

/** Counts the call in the open window of the account `account` selects; null when none matches (or its window ended). */
export function countInOpenWindow(
	users: mongo.Collection<UserDoc>,
	account: mongo.Filter<UserDoc>,
	now: Date,
): Promise<CountedAccount | null> {
	return users.findOneAndUpdate(
		{ ...account, 'rateWindow.endsAt': { $gt: now } },
		{ $inc: { 'rateWindow.calls': 1 } },
		{ returnDocument: 'after', projection: ACCOUNT_FIELDS },
	) as Promise<CountedAccount | null>;
}

/**
 * Opens a new window with this call in it, only if the account's window has ended or never opened: of two
 * instances racing at the rollover, one opens it and the other's call misses here, then counts in it.
 */
export function openWindow(
	users: mongo.Collection<UserDoc>,
	account: mongo.Filter<UserDoc>,
	now: Date,
): Promise<CountedAccount | null> {
	return users.findOneAndUpdate(
		// `$not: {$gt}` also matches a document without the field: an account that has not called yet.
		{ ...account, 'rateWindow.endsAt': { $not: { $gt: now } } },
		{ $set: { rateWindow: { endsAt: new Date(now.getTime() + RATE_WINDOW_MS), calls: 1 } } },
		{ returnDocument: 'after', projection: ACCOUNT_FIELDS },
	) as Promise<CountedAccount | null>;
}

export interface RateLimiter {
	/** Sets the rate headers for a call counted in `window`; throws 429 when it is over the limit. */
	admit(window: RateWindow, res: Response, now: Date): void;
}

export interface RateLimiterOptions {
	perMinute: number;
	/** Told of every refusal, for metrics. */
	onRejected?: () => void;
}

export function createRateLimiter({ perMinute, onRejected }: RateLimiterOptions): RateLimiter {
	const limit = String(perMinute);
	return {
		admit(window, res, now) {
			res.setHeader('X-RateLimit-Limit', limit);
			if (window.calls <= perMinute) {
				res.setHeader('X-RateLimit-Remaining', String(perMinute - window.calls));
				return;
			}
			onRejected?.();
			// Within the window's own length: a call whose clock was read just before another opened the window sees
			// a few ms more than a minute left, which would round up to 61.
			const secondsLeft = Math.ceil((window.endsAt.getTime() - now.getTime()) / 1000);
			const retryAfter = String(Math.min(RATE_WINDOW_MS / 1000, Math.max(1, secondsLeft)));
			throw new ApiError(429, { message: 'Too Many Attempts.' }, { 'Retry-After': retryAfter, 'X-RateLimit-Remaining': '0' });
		},
	};
}
