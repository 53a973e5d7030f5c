/** Soft deletion of a contact: it leaves exports and counts, frees its messenger ID, and stops being a subscriber. */
import type { QueryFilter } from 'mongoose';
import type { Models } from '../../models';
import type { ContactAccountDoc } from '../../models/contact-account';

/**
 * Marks the accounts of deleted contacts, which is what account calls check (§7.3). Accounts opened after the
 * mark by a call that had read the contact just before its deletion are not caught: the window is one write.
 */
export function hideContactAccountsOfContacts(models: Models, accounts: QueryFilter<ContactAccountDoc>, at: Date) {
	return models.contactAccounts.updateMany({ ...accounts, contactDeletedAt: null }, { $set: { contactDeletedAt: at } });
}

/**
 * False when there is no such live contact. The accounts are hidden first: a process dying after that leaves them
 * refusing calls for a contact still in sight, and deleting the contact again finishes the job; the other order
 * would leave a deleted contact's money movable. The contact itself is one atomic write (its bot's subscriber count
 * is derived, not kept).
 */
export async function deleteContact(models: Models, contactId: number): Promise<boolean> {
	const at = new Date();
	await hideContactAccountsOfContacts(models, { contactId }, at);
	const { matchedCount } = await models.contacts.updateOne(
		{ _id: contactId, deletedAt: null },
		{ $set: { deletedAt: at }, $unset: { messengerKey: 1 } },
	);
	return matchedCount === 1;
}
