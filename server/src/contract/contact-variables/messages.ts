/** Texts of the contact variable methods, in the request's language (§7.1). `errors` keys never change. */
import { defineMessages } from '../../http/i18n';
import type { RuleText } from '../../http/validation';

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

/** §11.5, §14.8: `id` or `name`, reported under both keys as Laravel's `required_without` does. */
export const variableChoiceRule: RuleText = {
	en: 'The :attribute field is required when :other is not present.',
	ru: 'Поле :attribute обязательно для заполнения, когда :other не указано.',
};
