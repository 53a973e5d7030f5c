/** Opening, listing, finding, deleting and (for the admin) blocking contact accounts (§2.3, §3, §4.9–4.11). */
import { isDuplicateKeyError } from '../../database/duplicate-key';
import { nextSequence } from '../../database/sequences';
import type { Models } from '../../models';
import type { ContactAccountDoc } from '../../models/contact-account';
import type { Caller } from '../caller';
import { accessibleBy, accessToContactAccount, ownContact } from './access';
import { settleOperation, type Operation } from './journal';
import type { AccessRefusal, ContactAccountOutcome, ContactAccountRefusal } from './refusals';

/** An account as clients see it: everything but the bookkeeping of unsettled operations. */
export type ContactAccount = Omit<ContactAccountDoc, 'pendingOps'>;

export const CONTACT_ACCOUNT_FIELDS = { pendingOps: 0 } as const;

/**
 * A conditional update that matched nothing is re-read to tell why. When the re-read shows that a parallel
 * request has meanwhile made it possible, it is tried again, at most this many times in all.
 */
export const MAX_ATTEMPTS = 5;

export function findContactAccount(models: Models, accountId: number): Promise<ContactAccount | null> {
	return models.contactAccounts.findById(accountId, CONTACT_ACCOUNT_FIELDS).lean<ContactAccount>();
}

/** The contact's accounts in the order they were opened: account IDs come from an increasing sequence (§4.9). */
export async function listContactAccounts(
	models: Models,
	caller: Caller,
	contactId: number,
): Promise<{ ok: true; accounts: ContactAccount[] } | AccessRefusal> {
	const contact = await ownContact(models, caller, contactId);
	if (!contact.ok) return contact;
	const accounts = await models.contactAccounts
		.find({ contactId }, CONTACT_ACCOUNT_FIELDS)
		.sort({ _id: 1 })
		.lean<ContactAccount[]>();
	return { ok: true, accounts };
}

/**
 * One account per currency per contact: the unique {contactId, currency} index decides, also between parallel calls
 * (§4.10). An existing account is looked for first, so that the usual refusal does not even use up an account ID.
 */
export async function openContactAccount(
	models: Models,
	caller: Caller,
	contactId: number,
	currency: string,
): Promise<ContactAccountOutcome> {
	const contact = await ownContact(models, caller, contactId);
	if (!contact.ok) return contact;
	if (await models.contactAccounts.exists({ contactId, currency })) return { ok: false, reason: 'currency_exists', currency };
	const _id = await nextSequence(models, 'contact_accounts');
	try {
		const { ownerId, botId } = contact;
		const stored = await models.contactAccounts.create({ _id, contactId, ownerId, botId, currency });
		const { pendingOps: _pending, ...account } = stored.toObject();
		return { ok: true, account };
	} catch (error) {
		if (isDuplicateKeyError(error)) return { ok: false, reason: 'currency_exists', currency };
		throw error;
	}
}

/**
 * Deletes the account only where the caller may, its balance is 0 and no operation is unsettled, in one
 * conditional delete, so a parallel top-up is never lost and no journal entry is orphaned (§4.11). A delete that
 * matched nothing is explained by a read.
 */
export async function deleteEmptyContactAccount(
	models: Models,
	caller: Caller,
	accountId: number,
): Promise<{ ok: true } | ContactAccountRefusal> {
	for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
		const { deletedCount } = await models.contactAccounts.deleteOne({
			_id: accountId,
			...accessibleBy(caller),
			amount: 0,
			pendingOps: { $size: 0 },
		});
		if (deletedCount === 1) return { ok: true };
		const current = await models.contactAccounts.findById(accountId).lean<ContactAccountDoc & { pendingOps: Operation[] }>();
		const refusal = accessToContactAccount(caller, current);
		if (refusal) return refusal;
		const { pendingOps, ...account } = current as ContactAccountDoc & { pendingOps: Operation[] };
		if (account.amount > 0) return { ok: false, reason: 'not_empty', account };
		for (const operation of pendingOps) await settleOperation(models, accountId, operation);
	}
	return { ok: false, reason: 'contention' };
}

/** Sets or clears `blockedAt`. Blocking a blocked account keeps the original time. Null when there is no such account. */
export async function setContactAccountBlocked(
	models: Models,
	accountId: number,
	blocked: boolean,
): Promise<ContactAccount | null> {
	const changed = await models.contactAccounts
		.findOneAndUpdate(
			{ _id: accountId, blockedAt: blocked ? null : { $ne: null } },
			{ $set: { blockedAt: blocked ? new Date() : null } },
			{ returnDocument: 'after', projection: CONTACT_ACCOUNT_FIELDS },
		)
		.lean<ContactAccount>();
	return changed ?? findContactAccount(models, accountId);
}
