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

/** Rare: a conditional update kept losing to parallel changes. Nothing changed, so the call can be repeated. */
const contention = (lang: Lang) => new ApiError(409, { message: accountMessage(lang, 'contention') });

const accountNotFound = (lang: Lang) => notFound(accountMessage(lang, 'account_not_found'));

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

export async function removeContactAccount(ctx: AccountContext, accountId: number): Promise<void> {
	await requireOwnAccount(ctx, accountId);
	const outcome = await accounts.deleteEmptyAccount(ctx.models, accountId);
	if (outcome.ok) return;
	switch (outcome.reason) {
		case 'not_found':
			throw accountNotFound(ctx.lang);
		case 'contention':
			throw contention(ctx.lang);
		case 'not_empty':
			throw fieldError(
				ctx.lang,
				'account_id',
				accountMessage(ctx.lang, 'account_not_empty', { balance: balanceOf(outcome.account) }),
				'account_not_empty',
			);
	}
}

export async function addFunds(ctx: AccountContext, { accountId, amount, description }: FundsMovement): Promise<Account> {
	await requireOwnAccount(ctx, accountId);
	const outcome = await deposit(ctx.models, accountId, amount, description);
	if (outcome.ok) return outcome.account;
	switch (outcome.reason) {
		case 'not_found':
			throw accountNotFound(ctx.lang);
		case 'contention':
			throw contention(ctx.lang);
		case 'balance_limit':
			throw fieldError(
				ctx.lang,
				'amount',
				accountMessage(ctx.lang, 'balance_limit', { max: MAX_BALANCE, balance: outcome.account.amount }),
				'balance_limit_exceeded',
			);
	}
}

export async function withdrawFunds(ctx: AccountContext, { accountId, amount, description }: FundsMovement): Promise<Account> {
	await requireOwnAccount(ctx, accountId);
	const outcome = await withdraw(ctx.models, accountId, amount, description);
	if (outcome.ok) return outcome.account;
	switch (outcome.reason) {
		case 'not_found':
			throw accountNotFound(ctx.lang);
		case 'contention':
			throw contention(ctx.lang);
		case 'account_blocked':
			throw fieldError(ctx.lang, 'account_id', accountMessage(ctx.lang, 'account_blocked'), 'account_blocked');
		case 'insufficient_funds':
			throw fieldError(
				ctx.lang,
				'account_id',
				accountMessage(ctx.lang, 'insufficient_funds', {
					balance: balanceOf(outcome.account),
					amount: amountNote(amount, outcome.account.currency),
				}),
				'insufficient_funds',
			);
	}
}
