/**
 * Failed admin tokens per client address. Past the allowance, an address gets 429 for the rest of the minute, even
 * with the right token: a short token could otherwise be guessed at the network's speed, and a right token that
 * alone got through would tell the guesser it was right. A request with no token is not counted.
 *
 * The counts live in memory, per instance. API keys have their own throttle (`api-key-throttle.ts`), which never
 * refuses a valid key for others' failures.
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
