/** The contact shape of §2.4, used by every method that returns contacts (this API and the admin API). */
import type { z } from 'zod';
import type { ContactDoc, ContactVariable } from '../../models/contact';
import type { contactJson, variableJson } from './outputs';

/**
 * The per-messenger fields: present for their messenger only, except `vk_user_id`, present (maybe null) on every
 * contact. Only website chats have no messenger ID; every other contact is created with one.
 */
function messengerFields({ messenger, messengerId, username }: ContactDoc) {
	switch (messenger) {
		case 'telegram':
			return { telegram_id: messengerId as string, telegram_username: username, vk_user_id: null };
		case 'max':
			return { max_user_id: Number(messengerId), max_username: username, vk_user_id: null };
		case 'vk':
			return { vk_user_id: Number(messengerId) };
		case 'viber':
			return { vk_user_id: null, viber_id: messengerId as string };
		case 'web':
			return { vk_user_id: null };
	}
}

/** Variables named `utm_*` as name to value; `[]` when there are none, as PHP serializes an empty array. */
function utmOf(variables: ContactVariable[]): Record<string, string | null> | [] {
	const utm = variables.filter((variable) => variable.name.startsWith('utm_'));
	return utm.length === 0 ? [] : Object.fromEntries(utm.map((variable) => [variable.name, variable.value]));
}

function presentVariable(variable: ContactVariable): z.output<typeof variableJson> {
	return {
		id: variable.id,
		name: variable.name,
		value: variable.value,
		type: variable.type,
		schema_id: variable.schemaId,
		deletable: variable.deletable,
		payload: variable.payload,
	};
}

export function presentContact(contact: ContactDoc): z.output<typeof contactJson> {
	return {
		id: contact._id,
		bot_id: contact.botId,
		phone: contact.phone,
		email: contact.email,
		name: contact.name,
		address: contact.address,
		messenger: contact.messenger,
		utm: utmOf(contact.variables),
		avatar: contact.avatar,
		...messengerFields(contact),
		created_at: contact.createdAt.toISOString(),
		unsubscribed_at: contact.unsubscribedAt?.toISOString() ?? null,
		tags: contact.tags,
		variables: contact.variables.map(presentVariable),
	};
}
