/** Texts of the lists area. Clients rely on statuses and `errors` keys, never on these texts (§7.1). */
import type { Lang } from '../../http/language';
import { defineMessages } from '../kit/i18n';
import type { RuleText } from '../kit/validation';

const catalog = {
	en: {
		list_not_found: 'List not found.',
		forbidden: 'This action is unauthorized.',
		lists_limit: 'The project already has the maximum of :max lists.',
		required_without: 'The :attribute field is required when :other is not present.',
		target_missing: 'The selected :attribute is invalid.',
		slug_format: 'The :attribute field must only contain letters, numbers, dashes, and underscores.',
		slug_reserved: 'The :attribute field must not be a reserved name.',
		slug_distinct: 'The :attribute field has a duplicate value.',
		slug_taken: 'The :attribute has already been taken.',
		slug_unknown: 'The selected :attribute is invalid.',
		currency_invalid: 'The :attribute field must be an active ISO 4217 currency code.',
		currency_required: 'The :attribute field is required when the field type is money.',
	},
	ru: {
		list_not_found: 'Список не найден.',
		forbidden: 'Действие не разрешено.',
		lists_limit: 'В проекте уже максимальное число списков: :max.',
		required_without: 'Поле :attribute обязательно, когда не указано :other.',
		target_missing: 'Выбранное значение для :attribute некорректно.',
		slug_format: 'Поле :attribute может содержать только буквы, цифры, дефис и подчёркивание.',
		slug_reserved: 'Значение поля :attribute является зарезервированным именем.',
		slug_distinct: 'Поле :attribute содержит повторяющееся значение.',
		slug_taken: 'Такое значение поля :attribute уже существует.',
		slug_unknown: 'Выбранное значение для :attribute некорректно.',
		currency_invalid: 'Поле :attribute должно быть действующим кодом валюты ISO 4217.',
		currency_required: 'Поле :attribute обязательно для полей типа money.',
	},
} satisfies Record<Lang, Record<string, string>>;

export type ListMessage = keyof (typeof catalog)['en'];

export const listMessage = defineMessages<ListMessage>(catalog);

/** The same text as a zod rule (`ruleParams`), so thrown and schema errors share one catalog. */
export function listRule(key: ListMessage): RuleText {
	return { en: catalog.en[key], ru: catalog.ru[key] };
}
