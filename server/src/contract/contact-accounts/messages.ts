/**
 * Texts of the contact account parameters' rules, in the request's language (§7.1). The refusals' texts are in
 * `api/contact-accounts/answers.ts`.
 */
import type { RuleText } from '../kit/validation';

export const currencyRule: RuleText = {
	en: 'The :attribute field must be an active ISO 4217 code in capital letters, such as USD.',
	ru: 'Поле :attribute должно содержать действующий код валюты ISO 4217 заглавными буквами, например USD.',
};
