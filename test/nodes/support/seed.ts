/**
 * Bulk test data: thousands of contacts or list items in one database round trip, for export and trigger tests
 * (creating 2,500 contacts one admin call at a time would take most of a minute). The contact documents are what
 * `insertContact` stores; their IDs come from the same `contacts` sequence, reserved as one block.
 */
import { randomBytes } from 'node:crypto';
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

/** A list item ID as an instance of the server makes it: the second, then 5 bytes of the instance, then its counter. */
function itemObjectId(second: number, instance: string, counter: number): Types.ObjectId {
	const hex = second.toString(16).padStart(8, '0') + instance + (counter & 0xffffff).toString(16).padStart(6, '0');
	return new Types.ObjectId(hex);
}

/**
 * `count` items of a list created at `createdAt` (the same millisecond), in one database call; their IDs in the
 * order `getListItems` sorts them (`created_at`, then `id`). With several `instances` (a count, or their 5-byte
 * names in hex), each item's ID comes from one of them in turn, so the IDs are not in the order the items were made.
 */
export async function seedListItems(
	t: TestServer,
	listId: string,
	count: number,
	createdAt = new Date(),
	instances: number | string[] = 1,
): Promise<string[]> {
	const second = Math.floor(createdAt.getTime() / 1000);
	const names = Array.isArray(instances) ? instances : Array.from({ length: instances }, () => randomBytes(5).toString('hex'));
	const start = randomBytes(3).readUIntBE(0, 3) & 0x7fffff;
	const docs = Array.from({ length: count }, (_, i) => ({
		_id: itemObjectId(second, names[i % names.length], start + i),
		listId: new Types.ObjectId(listId),
		values: { title: `Item ${i + 1}` },
		createdAt,
		updatedAt: createdAt,
	}));
	await t.server.database.models.listItems.collection.insertMany(docs);
	return docs.map((doc) => doc._id.toHexString()).sort();
}
