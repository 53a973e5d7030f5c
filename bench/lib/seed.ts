/**
 * Contacts written straight into the embedded database through its wire address, in the shape `insertContact`
 * stores, because 100,000 API calls would take longer than everything measured. IDs continue from `firstId`, and
 * the contacts sequence is moved past them so that the API's own creates follow.
 */
import { MongoClient, ObjectId } from 'mongodb';

const BATCH = 5_000;
/** Seeded Telegram IDs are this plus the contact ID. */
export const SEEDED_TELEGRAM_BASE = 1_000_000_000;

export async function seedContacts(
	databaseUri: string,
	{ ownerId, botIds, firstId, count }: { ownerId: string; botIds: number[]; firstId: number; count: number },
): Promise<void> {
	const client = await MongoClient.connect(`${databaseUri}/bot-platform`);
	try {
		const db = client.db();
		const owner = new ObjectId(ownerId);
		const last = firstId + count - 1;
		const start = Date.now() - 86_400_000 - last * 1000;
		for (let first = firstId; first <= last; first += BATCH) {
			const batch = [];
			for (let id = first; id < first + BATCH && id <= last; id++) {
				const messengerId = String(SEEDED_TELEGRAM_BASE + id);
				batch.push({
					_id: id,
					botId: botIds[id % botIds.length],
					ownerId: owner,
					messenger: 'telegram',
					messengerId,
					messengerKey: messengerId,
					name: `Contact ${id}`,
					username: `user${id}`,
					phone: `7900${String(id).padStart(7, '0')}`,
					email: `contact${id}@example.com`,
					address: null,
					avatar: null,
					tags: ['seed', `group-${id % 10}`],
					variables: [{ id: 1, name: 'utm_source', value: 'bench', type: 0, schemaId: null, deletable: true, payload: null }],
					firstMessage: 'Created from API',
					unsubscribedAt: null,
					isPreview: false,
					deletedAt: null,
					createdAt: new Date(start + id * 1000),
				});
			}
			await db.collection<{ _id: number }>('contacts').insertMany(batch);
		}
		await db
			.collection<{ _id: string; seq: number }>('counters')
			.updateOne({ _id: 'contacts' }, { $max: { seq: last } }, { upsert: true });
	} finally {
		await client.close();
	}
}
