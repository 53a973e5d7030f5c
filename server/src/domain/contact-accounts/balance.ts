/**
 * Top-ups and debits (§4.12, §4.13). Each is a single conditional atomic update of the account document,
 * never a read followed by a write, so the balance stays exact and never negative under parallel requests,
 * also from several server processes sharing one database. The same update records the operation for the
 * journal (see journal.ts).
 */
import type { Models } from '../../models';
import { ACCOUNT_FIELDS, findAccount, MAX_ATTEMPTS, type Account } from './accounts';
import { newOperation, settleOperation, type Operation } from './journal';
import { MAX_BALANCE } from './limits';

export type DepositOutcome =
	| { ok: true; account: Account }
	| { ok: false; reason: 'not_found' | 'contention' }
	| { ok: false; reason: 'balance_limit'; account: Account };

export type WithdrawOutcome =
	| { ok: true; account: Account }
	| { ok: false; reason: 'not_found' | 'contention' }
	| { ok: false; reason: 'account_blocked' | 'insufficient_funds'; account: Account };

async function applyOperation(
	models: Models,
	accountId: number,
	condition: object,
	operation: Operation,
): Promise<Account | null> {
	const change = operation.kind === 'deposit' ? operation.amount : -operation.amount;
	const account = await models.contactAccounts
		.findOneAndUpdate(
			{ _id: accountId, ...condition },
			{ $inc: { amount: change }, $push: { pendingOps: operation } },
			{ returnDocument: 'after', projection: ACCOUNT_FIELDS },
		)
		.lean<Account>();
	if (account) {
		// The operation is already durable in `pendingOps`; if writing its journal entry fails now, the
		// reconciler finishes it, so the client still learns the truth: the money moved.
		await settleOperation(models, accountId, operation).catch(() => undefined);
	}
	return account;
}

/** A blocked account can be topped up (§3). The balance never passes MAX_BALANCE. */
export async function deposit(models: Models, accountId: number, amount: number, description: string): Promise<DepositOutcome> {
	const operation = newOperation('deposit', amount, description);
	for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
		const updated = await applyOperation(models, accountId, { amount: { $lte: MAX_BALANCE - amount } }, operation);
		if (updated) return { ok: true, account: updated };
		const current = await findAccount(models, accountId);
		if (!current) return { ok: false, reason: 'not_found' };
		if (current.amount > MAX_BALANCE - amount) return { ok: false, reason: 'balance_limit', account: current };
	}
	return { ok: false, reason: 'contention' };
}

/** The blocked check comes first, then the balance check (§4.13). A refused debit changes nothing. */
export async function withdraw(models: Models, accountId: number, amount: number, description: string): Promise<WithdrawOutcome> {
	const operation = newOperation('debit', amount, description);
	for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
		const updated = await applyOperation(models, accountId, { blockedAt: null, amount: { $gte: amount } }, operation);
		if (updated) return { ok: true, account: updated };
		const current = await findAccount(models, accountId);
		if (!current) return { ok: false, reason: 'not_found' };
		if (current.blockedAt) return { ok: false, reason: 'account_blocked', account: current };
		if (current.amount < amount) return { ok: false, reason: 'insufficient_funds', account: current };
	}
	return { ok: false, reason: 'contention' };
}
