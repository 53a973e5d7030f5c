/** Texts of the list items' parameter rules (§12.2), in the request's language; a refusal's texts are in `api/list-items/answers.ts`. */
import type { Lang } from '../../http/language';
import type { RuleText } from '../kit/validation';

const catalog = {
	en: {
		unknown_slug: 'The :attribute field is not a field of this list.',
		required: 'The :attribute field is required.',
		data_required: 'The data field is required.',
		not_object: 'The :attribute field must be an object.',
		number: 'The :attribute field must be a number.',
		integer: 'The :attribute field must be an integer.',
		bool: 'The :attribute field must be true or false.',
		date: 'The :attribute field must be a date in the format YYYY-MM-DD.',
		datetime: 'The :attribute field must be a date and time in ISO 8601 with an offset.',
		unix_time: 'The :attribute field must be a Unix time in seconds.',
		url: 'The :attribute field must be an http or https URL.',
		string_max: 'The :attribute field must not be greater than :max characters.',
		string: 'The :attribute field must be a string.',
		id: 'The :attribute field must be a positive integer ID.',
		order_by:
			'The :attribute field must be a field of the list, id, created_at or updated_at, optionally followed by ,asc or ,desc.',
	},
	ru: {
		unknown_slug: 'Поле :attribute не является полем этого списка.',
		required: 'Поле :attribute обязательно.',
		data_required: 'Поле data обязательно.',
		not_object: 'Поле :attribute должно быть объектом.',
		number: 'Поле :attribute должно быть числом.',
		integer: 'Поле :attribute должно быть целым числом.',
		bool: 'Поле :attribute должно быть true или false.',
		date: 'Поле :attribute должно быть датой в формате ГГГГ-ММ-ДД.',
		datetime: 'Поле :attribute должно быть датой и временем в ISO 8601 со смещением.',
		unix_time: 'Поле :attribute должно быть временем Unix в секундах.',
		url: 'Поле :attribute должно быть адресом http или https.',
		string_max: 'Поле :attribute не может быть длиннее :max символов.',
		string: 'Поле :attribute должно быть строкой.',
		id: 'Поле :attribute должно быть положительным целым ID.',
		order_by: 'Поле :attribute должно быть полем списка, id, created_at или updated_at, с необязательным ,asc или ,desc.',
	},
} satisfies Record<Lang, Record<string, string>>;

export type ListItemMessage = keyof (typeof catalog)['en'];

/** A text as a zod rule (`ruleParams`). */
export function listItemRule(key: ListItemMessage): RuleText {
	return { en: catalog.en[key], ru: catalog.ru[key] };
}
