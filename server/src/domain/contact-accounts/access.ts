/**
 * Who may touch a contact's accounts (§7.3): a contact that does not exist, a deleted contact and a contact of a
 * deleted bot are not found; one of someone else's bot (including projects the caller was only invited to, §1)
 * is forbidden. Asked about an account, the refusal names the account.
 *
 * One read: a contact repeats its bot's owner, and a deleted bot's contacts are deleted with it. An account
 * repeats its contact's owner and deletion (`models/contact-account.ts`), so a money movement checks access in
 * its own conditional update, and `accessToContactAccount` only explains a movement that matched nothing.
 */
import type { Types } from 'mongoose';
import type { Models } from '../../models';
import type { Caller } from '../caller';
import type { AccessRefusal } from './refusals';

/** The contact's owner, when the caller may use the contact's accounts. */
export async function ownContact(
	models: Models,
	caller: Caller,
	contactId: number,
): Promise<{ ok: true; ownerId: Types.ObjectId; botId: number } | AccessRefusal> {
	const contact = await models.contacts.findById(contactId, { ownerId: 1, botId: 1, deletedAt: 1 }).lean();
	if (!contact || contact.deletedAt) return { ok: false, reason: 'contact_not_found' };
	if (!contact.ownerId.equals(caller._id)) return { ok: false, reason: 'contact_forbidden' };
	return { ok: true, ownerId: contact.ownerId, botId: contact.botId };
}

/** What an account says about its contact, for the same decision about an account. */
export interface ContactAccountAccess {
	ownerId: Types.ObjectId;
	contactDeletedAt?: Date | null;
}

export function accessToContactAccount(caller: Caller, account: ContactAccountAccess | null): AccessRefusal | undefined {
	if (!account || account.contactDeletedAt) return { ok: false, reason: 'account_not_found' };
	if (!account.ownerId.equals(caller._id)) return { ok: false, reason: 'account_forbidden' };
	return undefined;
}

/** The condition an account update adds so that it only touches an account the caller may use. */
export const accessibleBy = (caller: Caller) => ({ ownerId: caller._id, contactDeletedAt: null });
