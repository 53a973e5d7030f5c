/**
 * Authentication (§5): `Authorization: Bearer <key>`, else `api_token` in the query or body.
 * 401 for a missing, wrong or regenerated key; 403 for a blocked user; 402 when the owner is not on Pro.
 */
import type { Request } from 'express';
import type { Models } from '../models';
import type { UserDoc } from '../models/user';
import { hashApiKey } from './api-key';
import { ApiError, forbidden, unauthorized } from './errors';
import type { Params } from './request-params';

export type AuthenticatedUser = Pick<UserDoc, '_id' | 'name' | 'email' | 'plan'>;

function presentedKey(req: Request, params: Params): string | undefined {
	const header = req.get('authorization');
	if (header !== undefined) {
		const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
		return match?.[1];
	}
	// Only a plain string counts: `api_token[$ne]=x` arrives as an object and is simply not a key.
	return typeof params.api_token === 'string' ? params.api_token : undefined;
}

export async function authenticate(req: Request, params: Params, models: Models): Promise<AuthenticatedUser> {
	const key = presentedKey(req, params);
	if (key === undefined) throw unauthorized();
	const user = await models.users
		.findOne({ apiKeyHash: hashApiKey(key) }, { name: 1, email: 1, plan: 1, blocked: 1 })
		.lean<UserDoc>();
	if (!user) throw unauthorized();
	if (user.blocked) throw forbidden('Your account is blocked.');
	if (user.plan !== 'pro') {
		throw new ApiError(402, { error: 'The API is available on the Pro plan only.', code: 'pro_required' });
	}
	return user;
}
