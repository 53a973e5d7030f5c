/**
 * The spec's answers to the access rules of `domain/access/`: the key's 401, 402, 403 and 429 (§5), the rate
 * headers and 429 (§8), the deprecation headers and 410 (§9). One table holds each refusal's answer; the error a
 * call throws and what the reference says every method may answer both come from its entry. Bodies and headers are
 * the platform's, byte for byte, and in English whatever the client's language, as the platform's are.
 */
import type { Response } from 'express';
import { z } from 'zod';
import type { MethodStatus } from '../domain/access/deprecations';
import type { RateOutcome } from '../domain/access/rate-limit';
import type { DeprecationRefusal, KeyRefusal, RateRefusal } from '../domain/access/refusals';
import {
	codedErrorBody,
	errorBody,
	failedAuthenticationThrottled,
	messageBody,
	rateHeaders,
	retryAfter,
	type Answer,
} from '../http/answers';
import { ApiError, forbidden, tooManyFailedAttempts, unauthorized } from '../http/errors';

type AccessRefusal = KeyRefusal | RateRefusal | DeprecationRefusal;

/** One reason's answer: as the reference describes it, and as the error it is. */
interface AccessAnswer<R> extends Answer {
	error(refusal: R): ApiError;
}

type AccessTable = {
	readonly [Reason in AccessRefusal['reason']]: AccessAnswer<Extract<AccessRefusal, { reason: Reason }>>;
};

// In the order the reference lists them under one status (429: the rate before failed authentications).
const accessAnswers: AccessTable = {
	method_removed: {
		id: 'MethodRemoved',
		status: 410,
		when: 'The method was switched off after its sunset date (§9).',
		body: codedErrorBody('method_removed'),
		error: ({ method, sunset }) =>
			new ApiError(410, { error: `The method ${method} was switched off on ${sunset.toISOString()}.`, code: 'method_removed' }),
	},
	unauthorized: {
		id: 'Unauthorized',
		status: 401,
		when: 'No key, a wrong key or a regenerated key (§5.7), or two `Authorization` headers.',
		body: z.object({ error: z.literal('unauthorized') }),
		error: unauthorized,
	},
	user_blocked: {
		status: 403,
		when: "The key holder's account is blocked (§7.1).",
		body: errorBody,
		error: () => forbidden('Your account is blocked.'),
	},
	pro_required: {
		id: 'ProRequired',
		status: 402,
		when: 'The key holder is not on the Pro plan (§5.6).',
		body: codedErrorBody('pro_required'),
		error: () => new ApiError(402, { error: 'The API is available on the Pro plan only.', code: 'pro_required' }),
	},
	rate_limited: {
		id: 'TooManyRequests',
		status: 429,
		when: 'More than the allowed requests in a minute, all methods combined (§8).',
		body: messageBody,
		headers: { 'Retry-After': retryAfter('until the next request is allowed'), ...rateHeaders },
		error: ({ retryAfterSeconds }) =>
			new ApiError(
				429,
				{ message: 'Too Many Attempts.' },
				{ 'Retry-After': String(retryAfterSeconds), 'X-RateLimit-Remaining': '0' },
			),
	},
	auth_throttled: {
		...failedAuthenticationThrottled(
			"This key matched no account more often from the client address in a minute than the server's " +
				'`AUTH_FAILURES_PER_MINUTE` (60 by default), or more than 1000 unknown keys from the address wait for a ' +
				'lookup. Other keys from the address are not refused for it.',
			'AuthenticationThrottled',
		),
		error: ({ retryAfterSeconds }) => tooManyFailedAttempts(retryAfterSeconds),
	},
};

/** What every API method may answer for its access rules, from the table. */
export const accessAnswerList: readonly Answer[] = Object.values(accessAnswers).map(({ error: _error, ...answer }) => answer);

/** The refusal's answer, as the error a call throws. */
export function accessRefused<R extends AccessRefusal>(refusal: R): ApiError {
	return (accessAnswers[refusal.reason] as AccessAnswer<R>).error(refusal);
}

/** Every answer of a deprecated method says so, until its sunset; after it, the method answers 410. */
export function answerDeprecation(status: MethodStatus, res: Response): void {
	const { sunset } = status;
	if (!sunset) return;
	res.setHeader('Deprecation', 'true');
	res.setHeader('Sunset', sunset.toUTCString());
	if (!status.ok) throw accessRefused(status);
}

/** The rate headers of a counted call; throws its 429 when it is over the limit. */
export function answerRate(outcome: RateOutcome, res: Response): void {
	res.setHeader('X-RateLimit-Limit', String(outcome.limit));
	if (!outcome.ok) throw accessRefused(outcome);
	res.setHeader('X-RateLimit-Remaining', String(outcome.remaining));
}
