/** What the list item methods send (§12.1, §12.2), as schemas: the presenter is typed by them and the API reference shows them. */
import { z } from 'zod';
import { isoWithOffsetJson } from '../timestamps';

/** A list item (§12.1): its own fields, then one member per field of the list, keyed by slug (§12.1). */
export const listItemJson = z
	.looseObject({
		id: z.string().meta({ description: 'Item ID, 24 hexadecimal characters; the `item_id` of the other methods.' }),
		contact_id: z
			.int()
			.nullable()
			.meta({ description: "The value of the list's first `contact` field; null when it has none or it is unset." }),
		created_at: isoWithOffsetJson(),
		updated_at: isoWithOffsetJson(),
	})
	.catchall(z.unknown())
	.meta({
		id: 'ListItem',
		description:
			'A list item (§12.1). After its own fields, one member per field of the list, in the list’s order, keyed by slug ' +
			'(null when unset): string, number, boolean, `YYYY-MM-DD`, ISO 8601 time with offset, integer minor units, an ' +
			'object `{type, mime_type, url, name, size, storage, meta}` for `file` and `image`, an integer ID for `contact` and `bot` (§12.2).',
	});
