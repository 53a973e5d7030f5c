/**
 * Failed authentications per client address. A wrong API key costs one database lookup before any account is
 * known, so §8's per-account limit cannot apply to it; this throttle does: past the allowance, an address gets
 * 429 for the rest of the minute without the database being asked. A request with no key costs nothing and is
 * not counted; a correct key never is.
 *
 * The counts live in memory, per instance. That is enough for what the throttle is for: each instance bounds the
 * database work a flood can cause through it, whatever the others do. (Guessing a key is hopeless anyway: keys
 * carry 256 random bits.) Nothing about successful lookups is remembered, so a regenerated key is still refused at
 * once on every instance (§5.4).
 */
import type { Request } from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { ApiError } from './errors';

export interface AuthThrottle {
	/** Throws 429 while the request's address is over its allowance of failures. */
	check(req: Request): Promise<void>;
	/** Counts one failed attempt of the request's address. */
	recordFailure(req: Request): Promise<void>;
}

const WINDOW_SECONDS = 60;

/** `what` keeps separate counts for separate secrets (API keys, the admin token). */
export function createAuthThrottle(what: string, failuresPerMinute: number): AuthThrottle {
	const failures = new RateLimiterMemory({ keyPrefix: what, points: failuresPerMinute, duration: WINDOW_SECONDS });
	// The TCP peer, or the client a trusted proxy names (TRUST_PROXY).
	const addressOf = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';
	return {
		async check(req) {
			const state = await failures.get(addressOf(req));
			if (state === null || state.consumedPoints < failuresPerMinute) return;
			const retryAfter = String(Math.max(1, Math.ceil(state.msBeforeNext / 1000)));
			throw new ApiError(429, { message: 'Too many failed authentication attempts.' }, { 'Retry-After': retryAfter });
		},
		async recordFailure(req) {
			await failures.penalty(addressOf(req), 1);
		},
	};
}
