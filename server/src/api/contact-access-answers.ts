/**
 * The answers to a contact that may not be used (§7.3, §14.5), shared by the tables of the areas that take a
 * `contact_id` and refuse with `ContactAccessRefusal` (tags, contact variables): spread into their tables.
 */
import type { ContactAccessRefusal } from '../domain/contact-access';
import type { RefusalTable } from './refusal-answers';

export const contactAccessAnswers: RefusalTable<ContactAccessRefusal> = {
	contact_not_found: {
		status: 404,
		as: ['message'],
		errors: 'contact_id',
		text: { en: 'Contact not found.', ru: 'Контакт не найден.' },
		when: 'The contact does not exist, or it or its bot is deleted: `errors.contact_id` (§14.5).',
	},
	contact_forbidden: {
		status: 403,
		as: ['error'],
		text: { en: 'You do not have access to this contact.', ru: 'Нет доступа к этому контакту.' },
		when: "The contact is of another user's bot (§7.3, §14.5).",
	},
};
