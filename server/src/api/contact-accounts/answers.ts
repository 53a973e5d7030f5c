/**
 * The contact account area's refusals as the spec's answers (§4.9 to §4.13, §7.3): 404 and 403 `{error}`, or a 422
 * with its `code` under the `errors` key the spec names. One entry per reason of `ContactAccountRefusal`.
 */
import { amountNote } from '../../contract/contact-accounts/presenter';
import type { ContactAccount } from '../../domain/contact-accounts/contact-accounts';
import { MAX_BALANCE } from '../../domain/contact-accounts/limits';
import type { ContactAccountRefusal } from '../../domain/contact-accounts/refusals';
import { refusalAnswers } from '../refusal-answers';

const balanceOf = (account: ContactAccount) => amountNote(account.amount, account.currency);

export const contactAccountAnswers = refusalAnswers<ContactAccountRefusal>({
	contact_not_found: {
		status: 404,
		as: ['error'],
		text: { en: 'Contact not found.', ru: 'Контакт не найден.' },
		when: 'The contact does not exist, or it or its bot is deleted (§7.3).',
	},
	contact_forbidden: {
		status: 403,
		as: ['error'],
		text: { en: 'You do not have access to this contact.', ru: 'Нет доступа к этому контакту.' },
		when: "The contact is of someone else's bot (§7.3).",
	},
	account_not_found: {
		status: 404,
		as: ['error'],
		text: { en: 'Account not found.', ru: 'Счёт не найден.' },
		when: 'The account does not exist, or its contact or bot is deleted (§7.3).',
	},
	account_forbidden: {
		status: 403,
		as: ['error'],
		text: { en: 'You do not have access to this account.', ru: 'Нет доступа к этому счёту.' },
		when: "The account is of someone else's bot (§7.3).",
	},
	// Rare: a conditional update kept losing to parallel changes. Nothing changed, so the call can be repeated.
	contention: {
		status: 409,
		as: ['message'],
		text: {
			en: 'The account is being changed by other requests right now; please try again.',
			ru: 'Счёт прямо сейчас изменяют другие запросы; повторите попытку.',
		},
		when: 'Parallel changes of the same account kept winning (rare); nothing changed, and the call can be repeated (§7.3).',
	},
	currency_exists: {
		status: 422,
		as: ['message'],
		code: 'currency_exists',
		errors: 'currency',
		text: { en: 'The contact already has an account in :currency.', ru: 'У контакта уже есть счёт в валюте :currency.' },
		vars: ({ currency }) => ({ currency }),
		when: 'The contact already has an account in this currency: `code` `currency_exists` (§4.10, §7.3).',
	},
	not_empty: {
		status: 422,
		as: ['message'],
		code: 'account_not_empty',
		errors: 'account_id',
		text: {
			en: 'Only an empty account can be deleted; the balance is :balance.',
			ru: 'Удалить можно только пустой счёт; баланс счёта — :balance.',
		},
		vars: ({ account }) => ({ balance: balanceOf(account) }),
		when: 'The balance is above 0: `code` `account_not_empty` (§4.11, §7.3).',
	},
	balance_limit: {
		status: 422,
		as: ['message'],
		code: 'balance_limit_exceeded',
		errors: 'amount',
		text: {
			en: 'The top-up would take the balance above the maximum of :max; the balance is :balance.',
			ru: 'Пополнение сделает баланс больше максимума :max; баланс счёта — :balance.',
		},
		vars: ({ account }) => ({ max: MAX_BALANCE, balance: account.amount }),
		when: 'The top-up would take the balance above what the server can hold: `code` `balance_limit_exceeded` (§2.3).',
	},
	account_blocked: {
		status: 422,
		as: ['message'],
		code: 'account_blocked',
		errors: 'account_id',
		text: { en: 'The account is blocked; debits are not allowed.', ru: 'Счёт заблокирован; списания запрещены.' },
		when: 'The account is blocked, checked before the balance: `code` `account_blocked` (§4.13, §7.3).',
	},
	insufficient_funds: {
		status: 422,
		as: ['message'],
		code: 'insufficient_funds',
		errors: 'account_id',
		text: {
			en: 'Insufficient funds: the balance is :balance, less than :amount.',
			ru: 'Недостаточно средств: баланс :balance меньше суммы :amount.',
		},
		vars: ({ account, amount }) => ({ balance: balanceOf(account), amount: amountNote(amount, account.currency) }),
		when: 'The balance is less than `amount`, which the text gives: `code` `insufficient_funds` (§4.13, §7.3).',
	},
});
