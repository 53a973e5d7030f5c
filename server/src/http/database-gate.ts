/**
 * Requests that use the database first wait for it to be up (see database/availability.ts): not at all in
 * normal times; while it is down or being restored, at most `waitMs`, then a 503 the client may retry. So an
 * outage answers within about two seconds, and no write reaches a database whose indexes are not back yet.
 */
import type { RequestHandler } from 'express';

export const DATABASE_WAIT_MS = 2_000;

/** What the gate needs of the database's availability (`database/availability.ts`). */
export interface Availability {
	isUp(): boolean;
	/** Resolves once the database is up; rejects after `waitMs` (the 503). */
	whenUp(waitMs: number): Promise<void>;
}

export function awaitDatabase(availability: Availability, waitMs = DATABASE_WAIT_MS): RequestHandler {
	return (_req, _res, next) => {
		if (availability.isUp()) return next();
		availability.whenUp(waitMs).then(() => next(), next);
	};
}
