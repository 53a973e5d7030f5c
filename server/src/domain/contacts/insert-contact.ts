/** Adding a contact to a bot: a new integer ID and the insert (the bot's subscriber count follows by itself). */
import { nextSequence } from '../../database/sequences';
import type { Models } from '../../models';
import type { ContactDoc } from '../../models/contact';

export type NewContact = Omit<ContactDoc, '_id' | 'messengerKey'>;

/**
 * Inserts the contact. A messenger ID already held by a live contact of the bot raises MongoDB's duplicate-key
 * error (see the unique index in `models/contact.ts`), and then nothing has changed but a skipped ID.
 * Preview contacts hold no messenger ID.
 */
export async function insertContact(models: Models, contact: NewContact): Promise<ContactDoc> {
	const messengerKey = contact.isPreview ? null : contact.messengerId;
	const stored = await models.contacts.create({
		_id: await nextSequence(models, 'contacts'),
		...contact,
		...(messengerKey !== null && { messengerKey }),
	});
	return stored.toObject();
}
