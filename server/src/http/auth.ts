/**
 * Authentication (§5): `Authorization: Bearer <key>`, else `api_token` in the query or body.
 * 401 for a missing, wrong or regenerated key; 403 for a blocked user; 402 when the owner is not on Pro. Every
 * instance reads the key's hash from the database on every call, so a regenerated key is refused at once on all.
 */
import type { Request } from 'express';
import type { mongo } from 'mongoose';
import type { UserDoc } from '../models/user';
import { API_KEY_SHAPE, hashApiKey } from './api-key';
import type { ApiKeyThrottle } from './api-key-throttle';
import { ApiError, forbidden, unauthorized } from './errors';
import { countInOpenWindow, openWindow, windowIsOpen, type CountedAccount } from './rate-limit';
import type { Params } from './request-params';

export type AuthenticatedUser = Pick<UserDoc, '_id' | 'name' | 'email' | 'plan'>;

const AUTHORIZATION = 'authorization';

/**
 * The one `Authorization` header of the request; undefined when there is none. Two of them are refused rather than
 * resolved by whichever one the HTTP parser happens to keep.
 */
export function authorizationHeader(req: Request): string | undefined {
	// Node keeps the first of repeated `Authorization` headers: only the raw list shows a second one. (Counted there
	// rather than through `headersDistinct`, which copies every header of the request.)
	const header = req.headers.authorization;
	if (header === undefined) return undefined;
	let sent = 0;
	const raw = req.rawHeaders;
	for (let name = 0; name < raw.length; name += 2) {
		if (raw[name].length === AUTHORIZATION.length && raw[name].toLowerCase() === AUTHORIZATION) sent++;
	}
	if (sent !== 1) throw unauthorized();
	return header;
}

/** The token of `Bearer <token>`; undefined when the header has another form. */
export const bearerToken = (header: string): string | undefined => /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];

function presentedKey(req: Request, params: Params): string | undefined {
	const header = authorizationHeader(req);
	if (header !== undefined) return bearerToken(header);
	// Only a plain string counts: `api_token[$ne]=x` arrives as an object and is simply not a key.
	return typeof params.api_token === 'string' ? params.api_token : undefined;
}

/**
 * The filter of an account that may use the API with this key: not blocked, on Pro. `$ne: true` rather than `false`,
 * so that a user document written without the field (by hand, or by another tool) is not sent round the slow path
 * each call, as the read of why would find nothing wrong with it.
 */
const activeAccount = (apiKeyHash: string) => ({ apiKeyHash, blocked: { $ne: true }, plan: 'pro' as const });

/**
 * Finds the account of the request's key and counts the call in its rate window (`rate-limit.ts`), in one command
 * when the account may use the API and its window is open. Anything else is read only after that misses: a key
 * nobody has (401), a blocked account (403, not counted), one off Pro (402, not counted), or a window to open.
 * A key no account can have is refused without a lookup; the others pass `api-key-throttle.ts` first.
 */
export async function authenticate(
	req: Request,
	params: Params,
	users: mongo.Collection<UserDoc>,
	throttle: ApiKeyThrottle,
	now: Date,
): Promise<CountedAccount> {
	const key = presentedKey(req, params);
	if (key === undefined || !API_KEY_SHAPE.test(key)) throw unauthorized();
	const apiKeyHash = hashApiKey(key);
	// The TCP peer, or the client a trusted proxy names (TRUST_PROXY).
	const lookup = await throttle.admit(req.ip ?? req.socket.remoteAddress ?? 'unknown', apiKeyHash);
	// Twice at most: the second time, another call has opened the window between this one's two reads.
	for (let attempt = 0; attempt < 2; attempt++) {
		const counted = await countInOpenWindow(users, activeAccount(apiKeyHash), now);
		if (counted) {
			lookup.found();
			return counted;
		}
		const account = await users.findOne({ apiKeyHash }, { projection: { blocked: 1, plan: 1, rateWindow: 1 } });
		if (!account) {
			lookup.refused();
			throw unauthorized();
		}
		lookup.found();
		if (account.blocked) throw forbidden('Your account is blocked.');
		if (account.plan !== 'pro') {
			throw new ApiError(402, { error: 'The API is available on the Pro plan only.', code: 'pro_required' });
		}
		if (windowIsOpen(account.rateWindow, now)) continue;
		const opened = await openWindow(users, activeAccount(apiKeyHash), now);
		if (opened) return opened;
	}
	throw new Error('the rate window of the account kept changing under its key lookup');
}
