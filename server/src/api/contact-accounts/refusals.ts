/**
 * The contact account area's refusals as the spec's answers (§4.10 to §4.13, §7.3): 404 and 403 `{error}`, or a
 * 422 with its `code` under the `errors` key the spec names, in the request's language.
 */
import { amountNote } from '../../contract/contact-accounts/presenter';
import { accountMessage } from '../../contract/contact-accounts/messages';
import type { ContactAccount } from '../../domain/contact-accounts/contact-accounts';
import { MAX_BALANCE } from '../../domain/contact-accounts/limits';
import type { ContactAccountRefusal } from '../../domain/contact-accounts/refusals';
import { codedValidationBody, errorBody, messageBody, type Answer } from '../../http/answers';
import { ApiError, fieldError, forbidden, inClientLanguage, notFound } from '../../http/errors';
import type { Lang } from '../../http/i18n';

const balanceOf = (account: ContactAccount) => amountNote(account.amount, account.currency);

/** `amount` is the amount the call asked to move, for the texts of the funds methods. */
/** The refusal's answer in the client's language; the access log gets its English text. */
export function accountRefusal(lang: Lang, refusal: ContactAccountRefusal, amount = 0): ApiError {
	return inClientLanguage(lang, (language) => answerOf(language, refusal, amount));
}

function answerOf(lang: Lang, refusal: ContactAccountRefusal, amount = 0): ApiError {
	switch (refusal.reason) {
		case 'contact_not_found':
		case 'account_not_found':
			return notFound(accountMessage(lang, refusal.reason));
		case 'contact_forbidden':
		case 'account_forbidden':
			return forbidden(accountMessage(lang, refusal.reason));
		case 'contention':
			// Rare: a conditional update kept losing to parallel changes. Nothing changed, so the call can be repeated.
			return new ApiError(409, { message: accountMessage(lang, 'contention') });
		case 'currency_exists':
			return fieldError(
				lang,
				'currency',
				accountMessage(lang, 'currency_exists', { currency: refusal.currency }),
				'currency_exists',
			);
		case 'not_empty':
			return fieldError(
				lang,
				'account_id',
				accountMessage(lang, 'account_not_empty', { balance: balanceOf(refusal.account) }),
				'account_not_empty',
			);
		case 'balance_limit':
			return fieldError(
				lang,
				'amount',
				accountMessage(lang, 'balance_limit', { max: MAX_BALANCE, balance: refusal.account.amount }),
				'balance_limit_exceeded',
			);
		case 'account_blocked':
			return fieldError(lang, 'account_id', accountMessage(lang, 'account_blocked'), 'account_blocked');
		case 'insufficient_funds':
			return fieldError(
				lang,
				'account_id',
				accountMessage(lang, 'insufficient_funds', {
					balance: balanceOf(refusal.account),
					amount: amountNote(amount, refusal.account.currency),
				}),
				'insufficient_funds',
			);
	}
}

/** What each refusal answers, for the methods' declarations (and so for the API reference). */
export const accountRefusalAnswers = {
	contact_not_found: {
		status: 404,
		when: 'The contact does not exist, or it or its bot is deleted (§7.3).',
		body: errorBody,
	},
	contact_forbidden: { status: 403, when: "The contact is of someone else's bot (§7.3).", body: errorBody },
	account_not_found: {
		status: 404,
		when: 'The account does not exist, or its contact or bot is deleted (§7.3).',
		body: errorBody,
	},
	account_forbidden: { status: 403, when: "The account is of someone else's bot (§7.3).", body: errorBody },
	contention: {
		status: 409,
		when: 'Parallel changes of the same account kept winning (rare); nothing changed, and the call can be repeated.',
		body: messageBody,
	},
	currency_exists: {
		status: 422,
		when: 'The contact already has an account in this currency: `code` `currency_exists` (§4.10, §7.3).',
		body: codedValidationBody('currency_exists', 'currency'),
	},
	not_empty: {
		status: 422,
		when: 'The balance is above 0: `code` `account_not_empty` (§4.11, §7.3).',
		body: codedValidationBody('account_not_empty', 'account_id'),
	},
	balance_limit: {
		status: 422,
		when: 'The top-up would take the balance above what the server can hold: `code` `balance_limit_exceeded`.',
		body: codedValidationBody('balance_limit_exceeded', 'amount'),
	},
	account_blocked: {
		status: 422,
		when: 'The account is blocked, checked before the balance: `code` `account_blocked` (§4.13, §7.3).',
		body: codedValidationBody('account_blocked', 'account_id'),
	},
	insufficient_funds: {
		status: 422,
		when: 'The balance is less than `amount`, which the text gives: `code` `insufficient_funds` (§4.13, §7.3).',
		body: codedValidationBody('insufficient_funds', 'account_id'),
	},
} satisfies Record<ContactAccountRefusal['reason'], Answer>;
