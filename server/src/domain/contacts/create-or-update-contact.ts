/**
 * createOrUpdateContact (§4.16, §3): the bot's live contact with this messenger ID is updated, or a new one is
 * created. Simultaneous calls with the same ID make one contact: the unique index lets exactly one insert
 * through, and every other call meets the duplicate-key error and becomes an update of that contact.
 */
import { isDuplicateKeyError } from '../../database/duplicate-key';
import type { Models } from '../../models';
import type { ContactDoc, Messenger } from '../../models/contact';
import type { Caller } from '../caller';
import { ensureBotTags } from '../tags/bot-tags';
import { insertContact } from './insert-contact';
import type { ContactRefusal } from './refusals';

/** The first message of a contact made through the API (§4.16 rule 2). */
export const CREATED_FROM_API = 'Created from API';

export interface ContactIdentity {
	botId: number;
	messenger: Messenger;
	messengerId: string;
}

interface BotOfContact {
	_id: number;
	ownerId: ContactDoc['ownerId'];
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

export type CreateOrUpdateOutcome = { ok: true; contact: ContactDoc; created: boolean } | ContactRefusal;

/** An insert loses its race to a contact that is then deleted before our update finds it only rarely: a few rounds suffice. */
const ATTEMPTS = 3;

/**
 * The update is tried first: it is the usual case, and it needs no look at the bot, since a live contact of the
 * caller's bot with this messenger ID can only be in a live bot of the caller (contacts repeat their bot's owner, and
 * a deleted bot's contacts are deleted). Only when it finds nothing is the bot read, to refuse or to create.
 */
export async function createOrUpdateContact(
	models: Models,
	caller: Caller,
	identity: ContactIdentity,
	changes: ContactChanges,
): Promise<CreateOrUpdateOutcome> {
	let bot: BotOfContact | null = null;
	for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
		const updated = await updateExisting(models, caller, identity, changes);
		if (updated) return { ok: true, contact: updated, created: false };
		bot ??= await models.bots.findOne({ _id: identity.botId, ownerId: caller._id, deletedAt: null }, { ownerId: 1 }).lean();
		if (!bot) return { ok: false, reason: 'bot_not_found' };
		try {
			return { ok: true, contact: await insertContact(models, newContact(bot, identity, changes)), created: true };
		} catch (error) {
			// Another call inserted the same messenger ID since our lookup: the next round updates its contact.
			if (!isDuplicateKeyError(error)) throw error;
		}
	}
	throw new Error(`createOrUpdateContact: no stable outcome for bot ${identity.botId} after ${ATTEMPTS} attempts`);
}

/**
 * Rule 1 of §4.16: name always; the other fields only when passed non-empty; tags replaced; variables untouched.
 * Through the driver rather than the model: every value is already of its stored type (validated strings, a
 * number, an ObjectId), so mongoose's casting and cloning would change nothing, and they cost about 0.3 ms of the
 * request thread per update (profiled).
 */
async function updateExisting(
	models: Models,
	caller: Caller,
	{ botId, messenger, messengerId }: ContactIdentity,
	changes: ContactChanges,
): Promise<ContactDoc | null> {
	const { name, tags, ...fillable } = changes;
	const filled = Object.fromEntries(Object.entries(fillable).filter(([, value]) => value !== undefined && value !== null));
	const updated = await models.contacts.collection.findOneAndUpdate(
		{ botId, messenger, messengerKey: messengerId, ownerId: caller._id },
		{ $set: { name, ...filled, ...(tags != null && { tags }) } },
		{ returnDocument: 'after' },
	);
	// The new tags become tags of the bot (§10.1). After the update, which proves the bot is the caller's.
	if (updated && tags?.length) await ensureBotTags(models, { botId, ownerId: caller._id }, tags);
	return updated as ContactDoc | null;
}

function newContact(bot: BotOfContact, { messenger, messengerId }: ContactIdentity, changes: ContactChanges) {
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
