/** The account of an API key, as getMe shows it (§5.5; the spec does not show its fields). */
import type { z } from 'zod';
import type { UserDoc } from '../../models/user';
import type { meJson } from './outputs';

export function presentMe(user: Pick<UserDoc, '_id' | 'name' | 'email' | 'plan'>): z.output<typeof meJson> {
	return { id: user._id.toHexString(), name: user.name, email: user.email, plan: user.plan };
}
