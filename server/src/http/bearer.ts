/** An optional bearer token guarding one endpoint, compared in constant time. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { unauthorized } from './errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Without a token the endpoint is open; with one, any other bearer (or none) is a 401. */
export function requireBearer(token: string | undefined): RequestHandler {
	const expected = token === undefined ? undefined : digest(token);
	return (req, _res, next) => {
		if (expected) {
			const presented = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];
			if (presented === undefined || !timingSafeEqual(digest(presented), expected)) throw unauthorized();
		}
		next();
	};
}
