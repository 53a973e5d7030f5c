/** What the contact methods send (§2.4), as schemas: the presenter is typed by them and the API reference shows them. */
import { z } from 'zod';
import { MESSENGERS, VARIABLE_TYPES } from '../../models/contact';

export const variableJson = z
	.object({
		id: z.int().meta({ description: 'Variable ID within the contact.' }),
		name: z.string(),
		value: z.string().nullable().meta({ description: 'For media types, a link to the file.' }),
		type: z.literal(VARIABLE_TYPES).meta({ description: '0 text, 1 image, 2 document, 3 audio, 4 video.' }),
		schema_id: z.string().nullable().meta({ description: 'Internal.' }),
		deletable: z.boolean().meta({ description: 'Internal.' }),
		payload: z.unknown().meta({ description: 'Internal.' }),
	})
	.meta({ id: 'ContactVariable' });

export const contactJson = z
	.object({
		id: z.int(),
		bot_id: z.int(),
		phone: z.string().nullable().meta({ description: 'Digits only, no `+`.' }),
		email: z.string().nullable(),
		name: z.string(),
		address: z.string().nullable(),
		messenger: z.enum(MESSENGERS).meta({ description: '`web` is a website chat.' }),
		utm: z
			.union([z.record(z.string(), z.string().nullable()), z.array(z.never()).max(0)])
			.meta({ description: 'Variables named `utm_*`, name to value; an empty array `[]` when there are none.' }),
		avatar: z.string().nullable().meta({ description: 'Link to the photo; a link to a stored file is temporary.' }),
		telegram_id: z.string().optional().meta({ description: 'Telegram contacts only.' }),
		telegram_username: z.string().nullable().optional().meta({ description: 'Without `@`; Telegram contacts only.' }),
		max_user_id: z.int().optional().meta({ description: 'MAX contacts only.' }),
		max_username: z.string().nullable().optional().meta({ description: 'MAX contacts only.' }),
		vk_user_id: z.int().nullable().meta({ description: 'Present on every contact; null for non-VK contacts.' }),
		viber_id: z.string().optional().meta({ description: 'Viber contacts only.' }),
		created_at: z.string().meta({ description: 'ISO 8601, UTC.' }),
		unsubscribed_at: z.string().nullable().meta({ description: 'Null means subscribed.' }),
		tags: z.array(z.string()),
		variables: z.array(variableJson),
	})
	.meta({ id: 'Contact', description: 'A contact (§2.4), the same in every method that returns contacts.' });
