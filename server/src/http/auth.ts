/**
 * Authentication (§5): `Authorization: Bearer <key>`, else `api_token` in the query or body.
 * 401 for a missing, wrong or regenerated key; 403 for a blocked user; 402 when the owner is not on Pro.
 */
import type { Request } from 'express';
import type { Models } from '../models';
import type { UserDoc } from '../models/user';
import { hashApiKey } from './api-key';
import type { AuthThrottle } from './auth-throttle';
import { ApiError, forbidden, unauthorized } from './errors';
import type { Params } from './request-params';

export type AuthenticatedUser = Pick<UserDoc, '_id' | 'name' | 'email' | 'plan'>;

/**
 * The one `Authorization` header of the request; undefined when there is none. Two of them are refused rather than
 * resolved by whichever one the HTTP parser happens to keep.
 */
export function authorizationHeader(req: Request): string | undefined {
	const headers = req.headersDistinct.authorization;
	if (headers === undefined) return undefined;
	if (headers.length !== 1) throw unauthorized();
	return headers[0];
}

/** The token of `Bearer <token>`; undefined when the header has another form. */
export const bearerToken = (header: string): string | undefined => /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];

function presentedKey(req: Request, params: Params): string | undefined {
	const header = authorizationHeader(req);
	if (header !== undefined) return bearerToken(header);
	// Only a plain string counts: `api_token[$ne]=x` arrives as an object and is simply not a key.
	return typeof params.api_token === 'string' ? params.api_token : undefined;
}

export async function authenticate(
	req: Request,
	params: Params,
	models: Models,
	throttle: AuthThrottle,
): Promise<AuthenticatedUser> {
	const key = presentedKey(req, params);
	if (key === undefined) throw unauthorized();
	await throttle.check(req);
	const user = await models.users
		.findOne({ apiKeyHash: hashApiKey(key) }, { name: 1, email: 1, plan: 1, blocked: 1 })
		.lean<UserDoc>();
	if (!user) {
		await throttle.recordFailure(req);
		throw unauthorized();
	}
	if (user.blocked) throw forbidden('Your account is blocked.');
	if (user.plan !== 'pro') {
		throw new ApiError(402, { error: 'The API is available on the Pro plan only.', code: 'pro_required' });
	}
	return user;
}
