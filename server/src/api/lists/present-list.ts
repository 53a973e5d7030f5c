/** A list as the API shows it (§2.1, §2.2). */
import { OrderedObject } from '../../http/ordered-json';
import { isoWithOffset } from '../../http/timestamps';
import type { ListDoc, ListField } from '../../models/list';

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
