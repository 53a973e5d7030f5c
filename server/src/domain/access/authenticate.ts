/**
 * Authentication (§5): the user whose key the call presents, counted in its rate window (`rate-window.ts`). A key
 * nobody has is refused, so is a blocked user and one off Pro. Every instance reads the key's hash from the database
 * on every call, so a regenerated key is refused at once on all.
 */
import type { mongo } from 'mongoose';
import { usersCollection, type UserDoc } from '../../models/user';
import type { Models } from '../../models';
import { API_KEY_SHAPE, hashApiKey } from './api-keys';
import { createApiKeyThrottle } from './key-throttle';
import { countInOpenWindow, openWindow, windowIsOpen, type CountedUser } from './rate-window';
import type { KeyRefusal } from './refusals';

export type AuthenticatedUser = Pick<UserDoc, '_id' | 'name' | 'email' | 'plan'>;

export type Authentication = { ok: true; user: CountedUser } | KeyRefusal;

/**
 * The filter of a user who may use the API with this key: not blocked, on Pro. `$ne: true` rather than `false`, so
 * that a user document written without the field (by hand, or by another tool) is not sent round the slow path each
 * call, as the read of why would find nothing wrong with it.
 */
const activeUser = (apiKeyHash: string) => ({ apiKeyHash, blocked: { $ne: true }, plan: 'pro' as const });

export interface Authenticator {
	/**
	 * Finds the user of `key` (undefined: the call presented none) and counts the call in its rate window, in one
	 * command when the user may use the API and its window is open. Anything else is read only after that misses: a
	 * key nobody has, a blocked user (not counted), one off Pro (not counted), or a window to open. A key nobody can
	 * have is refused without a lookup; the others pass `key-throttle.ts` first, by the client's `address`.
	 */
	authenticate(key: string | undefined, address: string, now: Date): Promise<Authentication>;
}

export function createAuthenticator(models: Models, { failuresPerMinute }: { failuresPerMinute: number }): Authenticator {
	const users: mongo.Collection<UserDoc> = usersCollection(models.users);
	const throttle = createApiKeyThrottle({
		failuresPerMinute,
		async keysExist(keyHashes) {
			const found = await users.find({ apiKeyHash: { $in: keyHashes } }, { projection: { _id: 0, apiKeyHash: 1 } }).toArray();
			return new Set(found.map((user) => user.apiKeyHash));
		},
	});
	return {
		async authenticate(key, address, now) {
			if (key === undefined || !API_KEY_SHAPE.test(key)) return { ok: false, reason: 'unauthorized' };
			const apiKeyHash = hashApiKey(key);
			const admission = await throttle.admit(address, apiKeyHash);
			if (!admission.ok) return admission;
			const { lookup } = admission;
			// Twice at most: the second time, another call has opened the window between this one's two reads.
			for (let attempt = 0; attempt < 2; attempt++) {
				const counted = await countInOpenWindow(users, activeUser(apiKeyHash), now);
				if (counted) {
					lookup.found();
					return { ok: true, user: counted };
				}
				const user = await users.findOne({ apiKeyHash }, { projection: { blocked: 1, plan: 1, rateWindow: 1 } });
				if (!user) {
					lookup.refused();
					return { ok: false, reason: 'unauthorized' };
				}
				lookup.found();
				if (user.blocked) return { ok: false, reason: 'user_blocked' };
				if (user.plan !== 'pro') return { ok: false, reason: 'pro_required' };
				if (windowIsOpen(user.rateWindow, now)) continue;
				const opened = await openWindow(users, activeUser(apiKeyHash), now);
				if (opened) return { ok: true, user: opened };
			}
			throw new Error('the rate window of the account kept changing under its key lookup');
		},
	};
}
