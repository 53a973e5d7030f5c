/**
 * Texts of the lists parameters' rules. Clients rely on statuses and `errors` keys, never on these texts (§7.1). The
 * refusals' texts are in `api/lists/answers.ts`.
 */
import type { Lang } from '../../http/language';
import type { RuleText } from '../kit/validation';

const catalog = {
	en: {
		required_without: 'The :attribute field is required when :other is not present.',
		slug_format: 'The :attribute field must only contain letters, numbers, dashes, and underscores.',
		slug_reserved: 'The :attribute field must not be a reserved name.',
		slug_distinct: 'The :attribute field has a duplicate value.',
		currency_invalid: 'The :attribute field must be an active ISO 4217 currency code.',
		currency_required: 'The :attribute field is required when the field type is money.',
	},
	ru: {
		required_without: 'Поле :attribute обязательно, когда не указано :other.',
		slug_format: 'Поле :attribute может содержать только буквы, цифры, дефис и подчёркивание.',
		slug_reserved: 'Значение поля :attribute является зарезервированным именем.',
		slug_distinct: 'Поле :attribute содержит повторяющееся значение.',
		currency_invalid: 'Поле :attribute должно быть действующим кодом валюты ISO 4217.',
		currency_required: 'Поле :attribute обязательно для полей типа money.',
	},
} satisfies Record<Lang, Record<string, string>>;

export type ListMessage = keyof (typeof catalog)['en'];

/** A text as a zod rule (`ruleParams`). */
export function listRule(key: ListMessage): RuleText {
	return { en: catalog.en[key], ru: catalog.ru[key] };
}
