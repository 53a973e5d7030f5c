/**
 * The contact account methods' rules: access (§7.3), then the domain operation, with each refusal turned into
 * the spec's answer: 404, or 422 with its `code` and the `errors` key the spec names (§4.10–4.13).
 */
import * as accounts from '../../domain/contact-accounts/accounts';
import type { Account } from '../../domain/contact-accounts/accounts';
import { deposit, withdraw } from '../../domain/contact-accounts/balance';
import { MAX_BALANCE } from '../../domain/contact-accounts/limits';
import { ApiError, fieldError, notFound } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { requireOwnAccount, requireOwnContactById, type AccountContext } from './access';
import { accountMessage } from './messages';
import { amountNote } from './presenter';

export interface FundsMovement {
	accountId: number;
	amount: number;
	description: string;
}

const balanceOf = (account: Account) => amountNote(account.amount, account.currency);

export async function listContactAccounts(ctx: AccountContext, contactId: number): Promise<Account[]> {
	await requireOwnContactById(ctx, contactId);
	return accounts.listAccounts(ctx.models, contactId);
}

export async function openContactAccount(ctx: AccountContext, contactId: number, currency: string): Promise<Account> {
	await requireOwnContactById(ctx, contactId);
	const outcome = await accounts.openAccount(ctx.models, contactId, currency);
	if (outcome.ok) return outcome.account;
	throw fieldError(ctx.lang, 'currency', accountMessage(ctx.lang, 'currency_exists', { currency }), 'currency_exists');
}

type Refusal =
	| { reason: 'not_found' | 'contention' }
	| { reason: 'not_empty' | 'balance_limit' | 'account_blocked' | 'insufficient_funds'; account: Account };

/** Every refusal of the domain as the spec's answer; `amount` is the amount the call asked to move. */
function refusalError(lang: Lang, refusal: Refusal, amount = 0): ApiError {
	switch (refusal.reason) {
		case 'not_found':
			return notFound(accountMessage(lang, 'account_not_found'));
		case 'contention':
			// Rare: a conditional update kept losing to parallel changes. Nothing changed, so the call can be repeated.
			return new ApiError(409, { message: accountMessage(lang, 'contention') });
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

export async function removeContactAccount(ctx: AccountContext, accountId: number): Promise<void> {
	await requireOwnAccount(ctx, accountId);
	const outcome = await accounts.deleteEmptyAccount(ctx.models, accountId);
	if (!outcome.ok) throw refusalError(ctx.lang, outcome);
}

export async function addFunds(ctx: AccountContext, { accountId, amount, description }: FundsMovement): Promise<Account> {
	await requireOwnAccount(ctx, accountId);
	const outcome = await deposit(ctx.models, accountId, amount, description);
	if (!outcome.ok) throw refusalError(ctx.lang, outcome, amount);
	return outcome.account;
}

export async function withdrawFunds(ctx: AccountContext, { accountId, amount, description }: FundsMovement): Promise<Account> {
	await requireOwnAccount(ctx, accountId);
	const outcome = await withdraw(ctx.models, accountId, amount, description);
	if (!outcome.ok) throw refusalError(ctx.lang, outcome, amount);
	return outcome.account;
}
