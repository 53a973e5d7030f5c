/**
 * Rate limit (§8): N requests per minute per account, all methods and keys combined. The counters live in
 * MongoDB (rate-limiter-flexible's Mongo store: one atomic upsert per request), so every server instance
 * sharing the database shares the limit.
 */
import type { Response } from 'express';
import type { Connection } from 'mongoose';
import { RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from './errors';

export interface RateLimiter {
	/** Counts one request of the account; sets the rate headers; throws 429 when over the limit. */
	consume(accountId: string, res: Response): Promise<void>;
	/** Creates the counters' index if the database lacks it (a database that came back empty). */
	ensureIndexes(): Promise<void>;
}

export interface RateLimiterOptions {
	perMinute: number;
	/** Told of every refusal, for metrics. */
	onRejected?: () => void;
}

export async function createRateLimiter(db: Connection, { perMinute, onRejected }: RateLimiterOptions): Promise<RateLimiter> {
	if (!db.db) throw new Error('the rate limiter needs an open database connection');
	const limiter = new RateLimiterMongo({
		storeClient: db.db,
		tableName: 'rate_limits',
		keyPrefix: 'api',
		points: perMinute,
		duration: 60,
		// Created here and awaited, rather than in the background, so start-up fails loudly if it cannot.
		disableIndexesCreation: true,
	});
	await limiter.createIndexes();
	return {
		async consume(accountId, res) {
			res.setHeader('X-RateLimit-Limit', String(perMinute));
			try {
				const state = await limiter.consume(accountId);
				res.setHeader('X-RateLimit-Remaining', String(state.remainingPoints));
			} catch (rejection) {
				if (!(rejection instanceof RateLimiterRes)) throw rejection;
				onRejected?.();
				const retryAfter = String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
				throw new ApiError(429, { message: 'Too Many Attempts.' }, { 'Retry-After': retryAfter, 'X-RateLimit-Remaining': '0' });
			}
		},
		ensureIndexes: () => limiter.createIndexes(),
	};
}
