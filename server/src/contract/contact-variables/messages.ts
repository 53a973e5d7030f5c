/** Texts of the contact variable methods, in the request's language (§7.1). `errors` keys never change. */
import { defineMessages } from '../../http/i18n';

export const variableMessage = defineMessages({
	en: {
		contact_not_found: 'Contact not found.',
		contact_forbidden: 'You do not have access to this contact.',
		variable_not_found: 'The contact has no variable with this :attribute.',
		variables_limit: 'The contact already has :max variables; no new variable can be set.',
	},
	ru: {
		contact_not_found: 'Контакт не найден.',
		contact_forbidden: 'Нет доступа к этому контакту.',
		variable_not_found: 'У контакта нет переменной с таким :attribute.',
		variables_limit: 'У контакта уже :max переменных; новую переменную задать нельзя.',
	},
});
