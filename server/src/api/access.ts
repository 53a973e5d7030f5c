/**
 * The spec's answers to the access rules of `domain/access/`: the deprecation headers and 410 (§9), the key's 401,
 * 402, 403 and 429 (§5), and the rate headers and 429 (§8). Bodies and headers are the platform's, byte for byte.
 */
import type { Response } from 'express';
import type { MethodStatus } from '../domain/access/deprecations';
import type { RateOutcome } from '../domain/access/rate-limit';
import type { KeyRefusal } from '../domain/access/refusals';
import { ApiError, forbidden, tooManyFailedAttempts, unauthorized } from '../http/errors';

/** Every answer of a deprecated method says so, until its sunset; after it, the method answers 410. */
export function answerDeprecation(status: MethodStatus, res: Response): void {
	const { sunset } = status;
	if (!sunset) return;
	res.setHeader('Deprecation', 'true');
	res.setHeader('Sunset', sunset.toUTCString());
	if (!status.ok) {
		throw new ApiError(410, {
			error: `The method ${status.method} was switched off on ${sunset.toISOString()}.`,
			code: 'method_removed',
		});
	}
}

export function keyRefused(refusal: KeyRefusal): ApiError {
	switch (refusal.reason) {
		case 'unauthorized':
			return unauthorized();
		case 'user_blocked':
			return forbidden('Your account is blocked.');
		case 'pro_required':
			return new ApiError(402, { error: 'The API is available on the Pro plan only.', code: 'pro_required' });
		case 'auth_throttled':
			return tooManyFailedAttempts(refusal.retryAfterSeconds);
	}
}

/** The rate headers of a counted call; throws its 429 when it is over the limit. */
export function answerRate(outcome: RateOutcome, res: Response): void {
	res.setHeader('X-RateLimit-Limit', String(outcome.limit));
	if (outcome.ok) {
		res.setHeader('X-RateLimit-Remaining', String(outcome.remaining));
		return;
	}
	throw new ApiError(
		429,
		{ message: 'Too Many Attempts.' },
		{ 'Retry-After': String(outcome.retryAfterSeconds), 'X-RateLimit-Remaining': '0' },
	);
}
