/**
 * A list item as the API sends it (§12.1): its own fields, then every field of the list by slug, null when unset.
 * Written as JSON text member by member, in that order: a plain object would move slugs such as "2024" to the front,
 * and an OrderedObject per item, swapped in after the page is stringified, made a page of 1000 items several times
 * slower. A slug named like an own field (`contact_id`) shows the field's value.
 */
import type { ListDoc } from '../../models/list';
import type { ListItemDoc } from '../../models/list-item';
import { JsonText } from '../../http/ordered-json';
import { isoWithOffset } from '../timestamps';
import { presentValue } from './values';

/** Writes the items of one list; the keys are written once. */
function itemWriter(list: Pick<ListDoc, 'fields'>): (item: ListItemDoc) => string {
	const slugs = new Set(list.fields.map((field) => field.slug));
	const contactField = list.fields.find((field) => field.type === 'contact');
	const own = (key: string) => (slugs.has(key) ? undefined : `${JSON.stringify(key)}:`);
	const [idKey, contactKey, createdKey, updatedKey] = ['id', 'contact_id', 'created_at', 'updated_at'].map(own);
	const fieldKeys = list.fields.map((field) => [field, `${JSON.stringify(field.slug)}:`] as const);
	return (item) => {
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
	};
}

/** One item (the shape `listItemJson` describes). */
export function presentListItem(list: Pick<ListDoc, 'fields'>, item: ListItemDoc): JsonText {
	return new JsonText(itemWriter(list)(item));
}
