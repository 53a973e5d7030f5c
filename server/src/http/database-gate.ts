/**
 * Requests that use the database first wait for it to be up (see database/availability.ts): not at all in
 * normal times; while it is down or being restored, at most `waitMs`, then a 503 the client may retry. So an
 * outage answers within about two seconds, and no write reaches a database whose indexes are not back yet.
 */
import type { RequestHandler } from 'express';
import type { DatabaseAvailability } from '../database/availability';

export const DATABASE_WAIT_MS = 2_000;

export function awaitDatabase(availability: DatabaseAvailability, waitMs = DATABASE_WAIT_MS): RequestHandler {
	return (_req, _res, next) => {
		if (availability.isUp()) return next();
		availability.whenUp(waitMs).then(() => next(), next);
	};
}
