/** Adding a contact to a bot: a new integer ID, the insert, and one more subscriber for the bot. */
import { nextSequence } from '../../database/sequences';
import type { Models } from '../../models';
import type { ContactDoc } from '../../models/contact';

export type NewContact = Omit<ContactDoc, '_id' | 'messengerKey'>;

/** What the bot's `subscribersCount` counts: live, subscribed contacts that are not previews. */
export function isSubscriber(contact: Pick<ContactDoc, 'isPreview' | 'unsubscribedAt'>): boolean {
	return !contact.isPreview && contact.unsubscribedAt === null;
}

/**
 * Inserts the contact. A messenger ID already held by a live contact of the bot raises MongoDB's duplicate-key
 * error (see the unique index in `models/contact.ts`), and then nothing has changed but a skipped ID.
 * Preview contacts hold no messenger ID and are not subscribers. The count is a separate atomic `$inc` after the
 * insert (a standalone MongoDB has no multi-document transactions): a crash between the two leaves it one short.
 */
export async function insertContact(models: Models, contact: NewContact): Promise<ContactDoc> {
	const messengerKey = contact.isPreview ? null : contact.messengerId;
	const stored = await models.contacts.create({
		_id: await nextSequence(models, 'contacts'),
		...contact,
		...(messengerKey !== null && { messengerKey }),
	});
	if (isSubscriber(contact)) await models.bots.updateOne({ _id: contact.botId }, { $inc: { subscribersCount: 1 } });
	return stored.toObject();
}
