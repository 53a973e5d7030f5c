/**
 * The admin API exists only when ADMIN_TOKEN is set (otherwise every admin path is 404, so its existence is
 * not revealed) and answers 401 to any other bearer token. The comparison is constant-time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { errorBody, type Answer } from '../http/answers';
import { ApiError, unauthorized } from '../http/errors';

/** What the admin token check answers, on every admin route. */
export const adminAuthAnswers: readonly Answer[] = [
	{
		id: 'AdminUnauthorized',
		status: 401,
		when: 'The bearer token is missing or is not `ADMIN_TOKEN`.',
		body: z.object({ error: z.literal('unauthorized') }),
	},
	{ id: 'AdminOff', status: 404, when: 'The admin API is off: `ADMIN_TOKEN` is not set.', body: errorBody },
];

const digest = (value: string) => createHash('sha256').update(value).digest();

export function adminAuth(adminToken: string | undefined): RequestHandler {
	const expected = adminToken === undefined ? undefined : digest(adminToken);
	return (req, _res, next) => {
		if (!expected) throw new ApiError(404, { error: `Not found: ${req.method} ${req.originalUrl.split('?')[0]}` });
		const presented = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];
		if (presented === undefined || !timingSafeEqual(digest(presented), expected)) throw unauthorized();
		next();
	};
}
