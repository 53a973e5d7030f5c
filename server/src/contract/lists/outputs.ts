/** What the list methods send (§2.1, §2.2), as schemas: the presenter is typed by them and the API reference shows them. */
import { z } from 'zod';
import { isoWithOffsetJson } from '../timestamps';
import { FIELD_TYPES } from '../../models/list';

/** A field definition (§2.2). Fields created in the platform's own interface may carry other keys, so they are allowed. */
export const fieldDefinitionJson = z
	.looseObject({
		name: z.string(),
		type: z.enum(FIELD_TYPES),
		currency: z.string().optional().meta({ description: '`money` fields only: an ISO 4217 code.' }),
		is_required: z.boolean(),
		is_hidden: z.boolean(),
		is_encryptable: z.boolean(),
	})
	.meta({ id: 'FieldDefinition', description: 'A field of a list (§2.2).' });

/** A list schema (§2.1). */
export const listJson = z
	.object({
		id: z.string(),
		fields: z.record(z.string(), fieldDefinitionJson).meta({
			description:
				'Field slug to field definition, in the order the fields were sent or added (§2.1, §2.2): read the keys in ' +
				'the order of the JSON text (a JavaScript object would move integer-like slugs such as `2024` first).',
		}),
		name: z.string(),
		bot_id: z.int().nullable().meta({ description: 'The bot the list was created in; null when created in a project.' }),
		project: z.string().meta({ description: 'UUID of the project that owns the list.' }),
		is_menu: z.boolean().meta({ description: 'Outdated flag with no effect.' }),
		created_at: isoWithOffsetJson(),
		updated_at: isoWithOffsetJson(),
	})
	.meta({ id: 'ListSchema', description: 'A list schema (§2.1).' });

/** A record of a list, as the admin API shows it (the spec shows no record method). */
export const listItemJson = z
	.object({
		id: z.string(),
		list_id: z.string(),
		values: z.record(z.string(), z.unknown()).meta({ description: 'Field slug to value.' }),
		created_at: isoWithOffsetJson(),
		updated_at: isoWithOffsetJson(),
	})
	.meta({ id: 'AdminListItem' });
