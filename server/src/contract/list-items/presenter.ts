/** A list item as the API sends it (§12.1). */
import type { z } from 'zod';
import { OrderedObject } from '../../http/ordered-json';
import type { ListDoc } from '../../models/list';
import type { ListItemDoc } from '../../models/list-item';
import { isoWithOffset } from '../timestamps';
import type { listItemJson } from './outputs';
import { presentValue } from './values';

export type ListItemJson = z.output<typeof listItemJson>;

/**
 * The item's own fields, then every field of the list by slug, null when unset. An OrderedObject, because a plain
 * object would move slugs such as "2024" to the front. A slug named like an own field (`contact_id`) shows the
 * field's value.
 */
export function presentListItem(list: Pick<ListDoc, 'fields'>, item: ListItemDoc): OrderedObject {
	const values = item.values ?? {};
	const contactField = list.fields.find((field) => field.type === 'contact');
	const contactId = contactField ? values[contactField.slug] : undefined;
	const own: [string, unknown][] = [
		['id', item._id.toHexString()],
		['contact_id', typeof contactId === 'number' ? contactId : null],
		['created_at', isoWithOffset(item.createdAt)],
		['updated_at', isoWithOffset(item.updatedAt)],
	];
	const slugs = new Set(list.fields.map((field) => field.slug));
	return new OrderedObject([
		...own.filter(([key]) => !slugs.has(key)),
		...list.fields.map((field) => [field.slug, presentValue(field, values[field.slug])] as const),
	]);
}
