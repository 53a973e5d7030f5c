/** A list item as the API sends it (§12.1). */
import type { z } from 'zod';
import { JsonText, OrderedObject } from '../../http/ordered-json';
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

/**
 * A page of items as JSON text, written member by member: the keys are written once per page, and no
 * OrderedObject per item is swapped in afterwards (which made an export page of 1000 items several times slower).
 * The same members in the same order as `presentListItem`.
 */
export function presentListItemsText(list: Pick<ListDoc, 'fields'>, items: readonly ListItemDoc[]): JsonText {
	const slugs = new Set(list.fields.map((field) => field.slug));
	const contactField = list.fields.find((field) => field.type === 'contact');
	const own = (key: string) => (slugs.has(key) ? undefined : `${JSON.stringify(key)}:`);
	const [idKey, contactKey, createdKey, updatedKey] = ['id', 'contact_id', 'created_at', 'updated_at'].map(own);
	const fieldKeys = list.fields.map((field) => [field, `${JSON.stringify(field.slug)}:`] as const);
	const texts = items.map((item) => {
		const values = item.values ?? {};
		const members: string[] = [];
		if (idKey) members.push(`${idKey}"${item._id.toHexString()}"`);
		if (contactKey) {
			const contactId = contactField ? values[contactField.slug] : undefined;
			members.push(`${contactKey}${typeof contactId === 'number' ? contactId : 'null'}`);
		}
		if (createdKey) members.push(`${createdKey}"${isoWithOffset(item.createdAt)}"`);
		if (updatedKey) members.push(`${updatedKey}"${isoWithOffset(item.updatedAt)}"`);
		for (const [field, key] of fieldKeys) members.push(key + (JSON.stringify(presentValue(field, values[field.slug])) ?? 'null'));
		return `{${members.join(',')}}`;
	});
	return new JsonText(`[${texts.join(',')}]`);
}
