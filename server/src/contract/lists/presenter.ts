/** A list (§2.1, §2.2), and a record of a list as the admin API shows it (the spec shows no record method). */
import { OrderedObject } from '../../http/ordered-json';
import type { ListDoc, ListField } from '../../models/list';
import type { ListItemDoc } from '../../models/list-item';
import { isoWithOffset } from '../timestamps';

function presentField(field: ListField) {
	return {
		name: field.name,
		type: field.type,
		...(field.type === 'money' ? { currency: field.currency } : {}),
		is_required: field.isRequired,
		is_hidden: field.isHidden,
		is_encryptable: field.isEncryptable,
	};
}

export function presentList(list: ListDoc) {
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

export function presentListItem(item: ListItemDoc) {
	return {
		id: item._id.toHexString(),
		list_id: item.listId.toHexString(),
		values: item.values,
		created_at: isoWithOffset(item.createdAt),
		updated_at: isoWithOffset(item.updatedAt),
	};
}
