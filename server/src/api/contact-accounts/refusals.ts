/**
 * The contact account area's refusals as the spec's answers (§4.10 to §4.13, §7.3): 404 and 403 `{error}`, or a
 * 422 with its `code` under the `errors` key the spec names, in the request's language.
 */
import { amountNote } from '../../contract/contact-accounts/presenter';
import { accountMessage } from '../../contract/contact-accounts/messages';
import type { Account } from '../../domain/contact-accounts/accounts';
import { MAX_BALANCE } from '../../domain/contact-accounts/limits';
import type { AccountRefusal } from '../../domain/contact-accounts/refusals';
import { ApiError, fieldError, forbidden, notFound } from '../../http/errors';
import type { Lang } from '../../http/i18n';

const balanceOf = (account: Account) => amountNote(account.amount, account.currency);

/** `amount` is the amount the call asked to move, for the texts of the funds methods. */
export function accountRefusal(lang: Lang, refusal: AccountRefusal, amount = 0): ApiError {
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
