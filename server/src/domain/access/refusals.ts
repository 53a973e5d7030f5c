/**
 * Why a call is refused before its method runs (§5, §8, §9). No HTTP here: `api/access.ts` answers, with the
 * statuses, bodies and headers of the spec.
 */

/** The key (§5): none, or one nobody has; a blocked user; a user off Pro; too many failures from the client. */
export type KeyRefusal =
	| { ok: false; reason: 'unauthorized' }
	| { ok: false; reason: 'user_blocked' }
	| { ok: false; reason: 'pro_required' }
	| { ok: false; reason: 'auth_throttled'; retryAfterSeconds: number };

/** Over the calls of a minute (§8). */
export type RateRefusal = { ok: false; reason: 'rate_limited'; limit: number; retryAfterSeconds: number };

/** A deprecated method past its sunset (§9). */
export type DeprecationRefusal = { ok: false; reason: 'method_removed'; method: string; sunset: Date };
