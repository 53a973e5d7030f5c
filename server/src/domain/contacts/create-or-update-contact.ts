/**
 * createOrUpdateContact (§4.16, §3): the bot's live contact with this messenger ID is updated, or a new one is
 * created. Simultaneous calls with the same ID make one contact: the unique index lets exactly one insert
 * through, and every other call meets the duplicate-key error and becomes an update of that contact.
 */
import { isDuplicateKeyError } from '../../database/duplicate-key';
import type { Models } from '../../models';
import type { ContactDoc, Messenger } from '../../models/contact';
import { insertContact } from './insert-contact';

/** The first message of a contact made through the API (§4.16 rule 2). */
export const CREATED_FROM_API = 'Created from API';

export interface ContactIdentity {
	bot: { _id: number; ownerId: ContactDoc['ownerId'] };
	messenger: Messenger;
	messengerId: string;
}

/** The validated request. Null or undefined means "not passed" (an empty string arrives as null). */
export interface ContactChanges {
	name: string;
	username?: string | null;
	phone?: string | null;
	email?: string | null;
	address?: string | null;
	tags?: string[] | null;
}

export interface CreateOrUpdateResult {
	contact: ContactDoc;
	created: boolean;
}

/** An insert loses its race to a contact that is then deleted before our update finds it only rarely: a few rounds suffice. */
const ATTEMPTS = 3;

export async function createOrUpdateContact(
	models: Models,
	identity: ContactIdentity,
	changes: ContactChanges,
): Promise<CreateOrUpdateResult> {
	for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
		const updated = await updateExisting(models, identity, changes);
		if (updated) return { contact: updated, created: false };
		try {
			return { contact: await insertContact(models, newContact(identity, changes)), created: true };
		} catch (error) {
			// Another call inserted the same messenger ID since our lookup: the next round updates its contact.
			if (!isDuplicateKeyError(error)) throw error;
		}
	}
	throw new Error(`createOrUpdateContact: no stable outcome for bot ${identity.bot._id} after ${ATTEMPTS} attempts`);
}

/** Rule 1 of §4.16: name always; the other fields only when passed non-empty; tags replaced; variables untouched. */
function updateExisting(models: Models, { bot, messenger, messengerId }: ContactIdentity, changes: ContactChanges) {
	const { name, tags, ...fillable } = changes;
	const filled = Object.fromEntries(Object.entries(fillable).filter(([, value]) => value !== undefined && value !== null));
	return models.contacts
		.findOneAndUpdate(
			{ botId: bot._id, messenger, messengerKey: messengerId },
			{ $set: { name, ...filled, ...(tags != null && { tags }) } },
			{ returnDocument: 'after' },
		)
		.lean<ContactDoc>();
}

function newContact({ bot, messenger, messengerId }: ContactIdentity, changes: ContactChanges) {
	return {
		botId: bot._id,
		ownerId: bot.ownerId,
		messenger,
		messengerId,
		name: changes.name,
		username: changes.username ?? null,
		phone: changes.phone ?? null,
		email: changes.email ?? null,
		address: changes.address ?? null,
		avatar: null,
		tags: changes.tags ?? [],
		variables: [],
		firstMessage: CREATED_FROM_API,
		unsubscribedAt: null,
		isPreview: false,
		deletedAt: null,
		createdAt: new Date(),
	};
}
