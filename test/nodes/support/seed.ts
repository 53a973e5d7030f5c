/**
 * Bulk test data: thousands of contacts in one database round trip, for export tests (creating 2,500 contacts
 * one admin call at a time would take most of a minute). The documents are what `insertContact` stores; the IDs
 * come from the same `contacts` sequence, reserved as one block.
 */
import { Types } from 'mongoose';
import type { NewContact } from '../../../server/src/domain/contacts/insert-contact';
import type { TestBot } from '../../../server/test/support/factories';
import type { TestServer } from '../../../server/test/support/test-server';

export async function seedContacts(
	t: TestServer,
	bot: TestBot,
	count: number,
	createdAt = new Date(Date.now() - 3600_000),
): Promise<number[]> {
	const { models } = t.server.database;
	const storedBot = await models.bots.findById(bot.id, { ownerId: 1 }).lean();
	if (!storedBot) throw new Error(`bot ${bot.id} not found`);
	const counter = await models.counters
		.findOneAndUpdate({ _id: 'contacts' }, { $inc: { seq: count } }, { upsert: true, returnDocument: 'after' })
		.lean();
	const firstId = (counter?.seq ?? count) - count + 1;
	const tag = new Types.ObjectId().toHexString().slice(-8);
	const docs = Array.from({ length: count }, (_, i) => {
		const messengerId = `${Date.now()}${i}`.slice(-15);
		const contact: NewContact = {
			botId: bot.id,
			ownerId: storedBot.ownerId as Types.ObjectId,
			messenger: 'telegram',
			messengerId,
			name: `Seeded ${tag} ${i + 1}`,
			username: null,
			phone: null,
			email: null,
			address: null,
			avatar: null,
			tags: [],
			variables: [],
			firstMessage: null,
			unsubscribedAt: null,
			isPreview: false,
			deletedAt: null,
			createdAt,
		};
		return { _id: firstId + i, ...contact, messengerKey: messengerId };
	});
	await models.contacts.insertMany(docs, { ordered: false });
	return docs.map((doc) => doc._id);
}
