/**
 * Top-ups and debits (§4.12, §4.13). Each is a single conditional atomic update of the account document,
 * never a read followed by a write, so the balance stays exact and never negative under parallel requests,
 * also from several server processes sharing one database. The same update records the operation for the
 * journal (see journal.ts).
 */
import type { Models } from '../../models';
import type { Caller } from '../caller';
import { accessibleBy, accessToContactAccount } from './access';
import { CONTACT_ACCOUNT_FIELDS, findContactAccount, MAX_ATTEMPTS, type ContactAccount } from './contact-accounts';
import { newOperation, settleOperation, type Operation } from './journal';
import { MAX_BALANCE } from './limits';
import type { ContactAccountOutcome, ContactAccountRefusal } from './refusals';

/** One top-up or debit as asked: an amount in minor units and the journal's description. */
export interface FundsMovement {
	accountId: number;
	amount: number;
	description: string;
}

async function applyOperation(
	models: Models,
	accountId: number,
	condition: object,
	operation: Operation,
): Promise<ContactAccount | null> {
	const change = operation.kind === 'deposit' ? operation.amount : -operation.amount;
	const account = await models.contactAccounts
		.findOneAndUpdate(
			{ _id: accountId, ...condition },
			{ $inc: { amount: change }, $push: { pendingOps: operation } },
			{ returnDocument: 'after', projection: CONTACT_ACCOUNT_FIELDS },
		)
		.lean<ContactAccount>();
	if (account) {
		// The operation is already durable in `pendingOps`; if writing its journal entry fails now, the
		// reconciler finishes it, so the client still learns the truth: the money moved.
		await settleOperation(models, accountId, operation).catch(() => undefined);
	}
	return account;
}

/** What decides whether a movement may happen: its atomic condition, and, when it matched nothing, why. */
interface MovementRule {
	kind: Operation['kind'];
	condition(amount: number): object;
	/** Undefined when the account now allows the movement (a parallel change made room): it is tried again. */
	refusal(current: ContactAccount, amount: number): ContactAccountRefusal | undefined;
}

/**
 * The caller's access (§7.3) is part of the movement's condition, so a movement that succeeds is one write; one that
 * matched nothing is explained by reading the account.
 */
async function move(models: Models, caller: Caller, rule: MovementRule, movement: FundsMovement): Promise<ContactAccountOutcome> {
	const { accountId, amount, description } = movement;
	const operation = newOperation(rule.kind, amount, description);
	for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
		const condition = { ...accessibleBy(caller), ...rule.condition(amount) };
		const updated = await applyOperation(models, accountId, condition, operation);
		if (updated) return { ok: true, account: updated };
		const current = await findContactAccount(models, accountId);
		const refusal = accessToContactAccount(caller, current) ?? rule.refusal(current as ContactAccount, amount);
		if (refusal) return refusal;
	}
	return { ok: false, reason: 'contention' };
}

/** A blocked account can be topped up (§3). The balance never passes MAX_BALANCE. */
const DEPOSIT: MovementRule = {
	kind: 'deposit',
	condition: (amount) => ({ amount: { $lte: MAX_BALANCE - amount } }),
	refusal: (current, amount) =>
		current.amount > MAX_BALANCE - amount ? { ok: false, reason: 'balance_limit', account: current } : undefined,
};

/** The blocked check comes first, then the balance check (§4.13). A refused debit changes nothing. */
const WITHDRAWAL: MovementRule = {
	kind: 'debit',
	condition: (amount) => ({ blockedAt: null, amount: { $gte: amount } }),
	refusal(current, amount) {
		if (current.blockedAt) return { ok: false, reason: 'account_blocked', account: current };
		if (current.amount < amount) return { ok: false, reason: 'insufficient_funds', account: current, amount };
		return undefined;
	},
};

export const deposit = (models: Models, caller: Caller, movement: FundsMovement) => move(models, caller, DEPOSIT, movement);

export const withdraw = (models: Models, caller: Caller, movement: FundsMovement) => move(models, caller, WITHDRAWAL, movement);
