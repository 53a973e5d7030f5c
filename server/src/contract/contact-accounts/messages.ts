/** Texts of the contact account methods, in the request's language (§7.1). Codes and `errors` keys never change. */
import { defineMessages } from '../kit/i18n';
import type { RuleText } from '../kit/validation';

export const accountMessage = defineMessages({
	en: {
		contact_not_found: 'Contact not found.',
		contact_forbidden: 'You do not have access to this contact.',
		account_not_found: 'Account not found.',
		account_forbidden: 'You do not have access to this account.',
		currency_exists: 'The contact already has an account in :currency.',
		account_not_empty: 'Only an empty account can be deleted; the balance is :balance.',
		account_blocked: 'The account is blocked; debits are not allowed.',
		insufficient_funds: 'Insufficient funds: the balance is :balance, less than :amount.',
		balance_limit: 'The top-up would take the balance above the maximum of :max; the balance is :balance.',
		contention: 'The account is being changed by other requests right now; please try again.',
	},
	ru: {
		contact_not_found: 'Контакт не найден.',
		contact_forbidden: 'Нет доступа к этому контакту.',
		account_not_found: 'Счёт не найден.',
		account_forbidden: 'Нет доступа к этому счёту.',
		currency_exists: 'У контакта уже есть счёт в валюте :currency.',
		account_not_empty: 'Удалить можно только пустой счёт; баланс счёта — :balance.',
		account_blocked: 'Счёт заблокирован; списания запрещены.',
		insufficient_funds: 'Недостаточно средств: баланс :balance меньше суммы :amount.',
		balance_limit: 'Пополнение сделает баланс больше максимума :max; баланс счёта — :balance.',
		contention: 'Счёт прямо сейчас изменяют другие запросы; повторите попытку.',
	},
});

export const currencyRule: RuleText = {
	en: 'The :attribute field must be an active ISO 4217 code in capital letters, such as USD.',
	ru: 'Поле :attribute должно содержать действующий код валюты ISO 4217 заглавными буквами, например USD.',
};
