/**
 * The admin API exists only when ADMIN_TOKEN is set (otherwise every admin path is 404, so its existence is
 * not revealed) and answers 401 to any other bearer token. The comparison is constant-time, and failed attempts
 * are throttled per client address, so a short token cannot be guessed at the network's speed.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { errorBody, failedAuthenticationThrottled, type Answer } from '../http/answers';
import type { AuthThrottle } from '../domain/access/admin-token-throttle';
import { ApiError, tooManyFailedAttempts, unauthorized } from '../http/errors';
import { authorizationHeader, bearerToken, clientAddress } from '../http/presented-key';

/** What the admin token check answers, on every admin route. */
export const adminAuthAnswers: readonly Answer[] = [
	{
		id: 'AdminUnauthorized',
		status: 401,
		when: 'The bearer token is missing or is not `ADMIN_TOKEN`, or the request has two `Authorization` headers.',
		body: z.object({ error: z.literal('unauthorized') }),
	},
	{ id: 'AdminOff', status: 404, when: 'The admin API is off: `ADMIN_TOKEN` is not set.', body: errorBody },
	failedAuthenticationThrottled(
		"More wrong admin tokens from the client's address in a minute than the server's `AUTH_FAILURES_PER_MINUTE` " +
			'(60 by default); then even the right one is refused until the minute ends.',
		'AdminAuthenticationThrottled',
	),
];

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a presented token is the admin token, in constant time (digests of equal length whatever was sent). */
export function adminTokenMatcher(adminToken: string): (presented: string) => boolean {
	const expected = digest(adminToken);
	return (presented) => timingSafeEqual(digest(presented), expected);
}

export function adminAuth(adminToken: string | undefined, throttle: AuthThrottle): RequestHandler {
	const matches = adminToken === undefined ? undefined : adminTokenMatcher(adminToken);
	return async (req, _res, next) => {
		if (!matches) throw new ApiError(404, { error: `Not found: ${req.method} ${req.originalUrl.split('?')[0]}` });
		const header = authorizationHeader(req);
		const presented = header === undefined ? undefined : bearerToken(header);
		if (presented === undefined) throw unauthorized();
		const address = clientAddress(req);
		const admission = await throttle.check(address);
		if (!admission.ok) throw tooManyFailedAttempts(admission.retryAfterSeconds);
		if (!matches(presented)) {
			await throttle.recordFailure(address);
			throw unauthorized();
		}
		next();
	};
}
