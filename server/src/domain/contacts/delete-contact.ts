/** Soft deletion of a contact: it leaves exports and counts, frees its messenger ID, and stops being a subscriber. */
import type { Models } from '../../models';
import type { ContactDoc } from '../../models/contact';
import { isSubscriber } from './insert-contact';

/** False when there is no such live contact. */
export async function deleteContact(models: Models, contactId: number): Promise<boolean> {
	// One atomic step, so that two deletions of the same contact decrement the bot's count once.
	const before = await models.contacts
		.findOneAndUpdate({ _id: contactId, deletedAt: null }, { $set: { deletedAt: new Date() }, $unset: { messengerKey: 1 } })
		.lean<ContactDoc>();
	if (!before) return false;
	if (isSubscriber(before)) await models.bots.updateOne({ _id: before.botId }, { $inc: { subscribersCount: -1 } });
	return true;
}
