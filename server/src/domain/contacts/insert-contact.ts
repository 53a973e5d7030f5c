/** Adding a contact to a bot: a new integer ID and the insert (the bot's subscriber count follows by itself). */
import { nextSequence } from '../../database/sequences';
import type { Models } from '../../models';
import type { ContactDoc } from '../../models/contact';
import { ensureBotTags } from '../tags/bot-tags';

export type NewContact = Omit<ContactDoc, '_id' | 'messengerKey'>;

/**
 * Inserts the contact, after defining its tags in its bot (§10.1: a contact's tags are tags of its bot). A messenger
 * ID already held by a live contact of the bot raises MongoDB's duplicate-key error (see the unique index in
 * `models/contact.ts`), and then nothing has changed but a skipped ID (and the tags stay defined in the bot).
 * Preview contacts hold no messenger ID.
 */
export async function insertContact(models: Models, contact: NewContact): Promise<ContactDoc> {
	const messengerKey = contact.isPreview ? null : contact.messengerId;
	if (contact.tags.length > 0) await ensureBotTags(models, contact, contact.tags);
	const stored = await models.contacts.create({
		_id: await nextSequence(models, 'contacts'),
		...contact,
		...(messengerKey !== null && { messengerKey }),
	});
	return stored.toObject();
}
