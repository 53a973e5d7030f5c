/**
 * Who may read or change a contact (§7.3, §14.5): a contact that does not exist, a deleted contact and a contact of a
 * deleted bot are not found; one of someone else's bot (including a project the caller was only invited to, §1) is
 * forbidden. One read: a contact repeats its bot's owner, and a deleted bot's contacts are deleted with it.
 */
import type { Types } from 'mongoose';
import type { Models } from '../models';
import type { ContactDoc } from '../models/contact';
import type { Caller } from './caller';

export type ContactAccessRefusal = { ok: false; reason: 'contact_not_found' | 'contact_forbidden' };

type Access = Pick<ContactDoc, 'ownerId' | 'deletedAt'>;

/** Why the caller may not use `contact` (null when it was not found), or undefined when they may. */
export function refuseContact(caller: Caller, contact: Access | null): ContactAccessRefusal | undefined {
	if (!contact || contact.deletedAt) return { ok: false, reason: 'contact_not_found' };
	if (!(contact.ownerId as Types.ObjectId).equals(caller._id)) return { ok: false, reason: 'contact_forbidden' };
	return undefined;
}

/** The contact's fields named in `fields`, when the caller may use it. */
export async function readOwnContact<K extends keyof ContactDoc>(
	models: Models,
	caller: Caller,
	contactId: number,
	fields: readonly K[],
): Promise<{ ok: true; contact: Pick<ContactDoc, K> } | ContactAccessRefusal> {
	const projection = Object.fromEntries([...fields, 'ownerId', 'deletedAt'].map((field) => [field, 1]));
	const contact = await models.contacts.findById(contactId, projection).lean<Pick<ContactDoc, K> & Access>();
	return refuseContact(caller, contact) ?? { ok: true, contact: contact as Pick<ContactDoc, K> };
}

/** The condition a contact update adds so that it only touches a live contact of the caller. */
export const ownLiveContact = (caller: Caller, contactId: number) => ({ _id: contactId, ownerId: caller._id, deletedAt: null });
