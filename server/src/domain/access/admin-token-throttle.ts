/**
 * Failed admin tokens per client address. Past the allowance, an address is refused for the rest of the minute, even
 * with the right token: a short token could otherwise be guessed at the network's speed, and a right token that
 * alone got through would tell the guesser it was right. A request with no token is not counted.
 *
 * The counts live in memory, per instance. API keys have their own throttle (`key-throttle.ts`), which never
 * refuses a valid key for others' failures.
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { KeyRefusal } from './refusals';

export interface AuthThrottle {
	/** Refused while the client's address is over its allowance of failures. */
	check(address: string): Promise<{ ok: true } | Extract<KeyRefusal, { reason: 'auth_throttled' }>>;
	/** Counts one failed attempt of the client's address. */
	recordFailure(address: string): Promise<void>;
}

const WINDOW_SECONDS = 60;

/** `what` keeps separate counts for separate secrets (API keys, the admin token). */
export function createAuthThrottle(what: string, failuresPerMinute: number): AuthThrottle {
	const failures = new RateLimiterMemory({ keyPrefix: what, points: failuresPerMinute, duration: WINDOW_SECONDS });
	return {
		async check(address) {
			const state = await failures.get(address);
			if (state === null || state.consumedPoints < failuresPerMinute) return { ok: true };
			return { ok: false, reason: 'auth_throttled', retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
		},
		async recordFailure(address) {
			await failures.penalty(address, 1);
		},
	};
}
