/** Soft deletion of a contact: it leaves exports and counts, frees its messenger ID, and stops being a subscriber. */
import type { Models } from '../../models';

/** False when there is no such live contact. One atomic write: there is no second one a crash could skip. */
export async function deleteContact(models: Models, contactId: number): Promise<boolean> {
	const { matchedCount } = await models.contacts.updateOne(
		{ _id: contactId, deletedAt: null },
		{ $set: { deletedAt: new Date() }, $unset: { messengerKey: 1 } },
	);
	return matchedCount === 1;
}
