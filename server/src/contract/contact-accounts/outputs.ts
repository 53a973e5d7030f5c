/** What the contact account methods send (§2.3), as a schema: the presenter is typed by it and the API reference shows it. */
import { z } from 'zod';
import { isoWithOffsetJson } from '../timestamps';

export const contactAccountJson = z
	.object({
		id: z.int().meta({ description: 'Used as `account_id` in other methods.' }),
		currency: z.string().meta({ description: 'ISO 4217 code.' }),
		amount: z
			.int()
			.meta({ description: "Balance in the currency's minor units (cents; the whole unit for currencies without)." }),
		amount_note: z.string().meta({ description: 'Balance in major units and the currency code, for display: `150.25 USD`.' }),
		created_at: isoWithOffsetJson(),
		updated_at: isoWithOffsetJson(),
		blocked_at: isoWithOffsetJson().nullable().meta({ description: 'When the account was blocked; null means not blocked.' }),
	})
	.meta({ id: 'ContactAccount', description: 'A contact account (§2.3).' });
