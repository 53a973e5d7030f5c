/** A list (§2.1, §2.2), and a record of a list as the admin API shows it (the spec shows no record method). */
import type { z } from 'zod';
import { OrderedObject } from '../../http/ordered-json';
import type { ListDoc, ListField } from '../../models/list';
import type { ListItemDoc } from '../../models/list-item';
import { isoWithOffset } from '../timestamps';
import type { fieldDefinitionJson, listItemJson, listJson } from './outputs';

/** A list as sent: `fields` keeps its order on the wire (`OrderedObject`), which the schema's plain map cannot say. */
export type ListJson = Omit<z.output<typeof listJson>, 'fields'> & { fields: OrderedObject };

function presentField(field: ListField): z.output<typeof fieldDefinitionJson> {
	return {
		name: field.name,
		type: field.type,
		...(field.type === 'money' && field.currency ? { currency: field.currency } : {}),
		is_required: field.isRequired,
		is_hidden: field.isHidden,
		is_encryptable: field.isEncryptable,
	};
}

export function presentList(list: ListDoc): ListJson {
	return {
		id: list._id.toHexString(),
		// An OrderedObject, because a plain object would move slugs such as "2024" to the front.
		fields: new OrderedObject(list.fields.map((field) => [field.slug, presentField(field)] as const)),
		name: list.name,
		bot_id: list.botId ?? null,
		project: list.projectUuid,
		is_menu: list.isMenu,
		created_at: isoWithOffset(list.createdAt),
		updated_at: isoWithOffset(list.updatedAt),
	};
}

export function presentListItem(item: ListItemDoc): z.output<typeof listItemJson> {
	return {
		id: item._id.toHexString(),
		list_id: item.listId.toHexString(),
		values: item.values,
		created_at: isoWithOffset(item.createdAt),
		updated_at: isoWithOffset(item.updatedAt),
	};
}
