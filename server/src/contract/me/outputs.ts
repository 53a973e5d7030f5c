/** What getMe sends (§5.5; the spec does not show its fields), as a schema. */
import { z } from 'zod';
import { PLANS } from '../../models/user';

export const meJson = z
	.object({ id: z.string(), name: z.string(), email: z.string(), plan: z.enum(PLANS) })
	.meta({ id: 'Me', description: 'The account the key belongs to.' });
