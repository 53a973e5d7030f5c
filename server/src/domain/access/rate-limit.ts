/**
 * The rate limit (§8): N calls per minute per user, judged on the window the call was counted in
 * (`rate-window.ts`). A refusal says how long until the window ends.
 */
import { RATE_WINDOW_MS, type RateWindow } from './rate-window';
import type { RateRefusal } from './refusals';

export type RateOutcome = { ok: true; limit: number; remaining: number } | RateRefusal;

export function checkRate(window: RateWindow, perMinute: number, now: Date): RateOutcome {
	if (window.calls <= perMinute) return { ok: true, limit: perMinute, remaining: perMinute - window.calls };
	// Within the window's own length: a call whose clock was read just before another opened the window sees a few
	// ms more than a minute left, which would round up to 61.
	const secondsLeft = Math.ceil((window.endsAt.getTime() - now.getTime()) / 1000);
	return {
		ok: false,
		reason: 'rate_limited',
		limit: perMinute,
		retryAfterSeconds: Math.min(RATE_WINDOW_MS / 1000, Math.max(1, secondsLeft)),
	};
}
