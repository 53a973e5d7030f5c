/**
 * Tags of bots and contacts (§10): listing them, and attaching or detaching one tag of a contact, by `tag_id` or by
 * `name` (`tag_id` wins when both are sent, §14.4). A contact's `tags` (§2.4) is the one set these methods and
 * createOrUpdateContact (§4.16) change. Attaching a tag the contact has, and detaching one it lacks, change nothing
 * and succeed (§14.4).
 */
import type { Models } from '../../models';
import type { Caller } from '../caller';
import { ownLiveContact, readOwnContact, refuseContact } from '../contact-access';
import { botTagsOf, ensureBotTags } from './bot-tags';
import { botOfTagId, MAX_TAGS_PER_BOT } from './limits';
import type { TagRefusal } from './refusals';

export type TagChoice = { tagId: number; name?: string | null } | { tagId?: null; name: string };

/** The names of the bot's tags, in the order they were made, whether or not a contact has them (§10.3). */
export async function listBotTags(
	models: Models,
	caller: Caller,
	botId: number,
): Promise<{ ok: true; names: string[] } | TagRefusal> {
	const bot = await models.bots.findById(botId, { ownerId: 1, deletedAt: 1 }).lean();
	if (!bot || bot.deletedAt) return { ok: false, reason: 'bot_not_found' };
	if (!bot.ownerId.equals(caller._id)) return { ok: false, reason: 'bot_forbidden' };
	return { ok: true, names: (await botTagsOf(models, botId)).map((tag) => tag.name) };
}

/** The contact's tag names (§10.4). */
export async function listContactTags(
	models: Models,
	caller: Caller,
	contactId: number,
): Promise<{ ok: true; names: string[] } | TagRefusal> {
	const found = await readOwnContact(models, caller, contactId, ['tags']);
	return found.ok ? { ok: true, names: found.contact.tags } : found;
}

/**
 * §10.5: the tag is defined in the contact's bot (made there when the name is new), then added to the contact's
 * set. In that order, so that a contact never holds a name its bot lacks.
 */
export async function attachTag(
	models: Models,
	caller: Caller,
	contactId: number,
	choice: TagChoice,
): Promise<{ ok: true } | TagRefusal> {
	const found = await readOwnContact(models, caller, contactId, ['botId', 'tags']);
	if (!found.ok) return found;
	const { botId, tags } = found.contact;
	let name: string;
	if (choice.tagId != null) {
		const tag =
			botOfTagId(choice.tagId) === botId ? (await botTagsOf(models, botId)).find(({ id }) => id === choice.tagId) : undefined;
		if (!tag) return { ok: false, reason: 'tag_unknown' };
		name = tag.name;
	} else {
		name = choice.name;
		const defined = await ensureBotTags(models, { botId, ownerId: caller._id }, [name]);
		if (!defined.some((tag) => tag.name === name)) return { ok: false, reason: 'tags_limit', max: MAX_TAGS_PER_BOT };
	}
	if (tags.includes(name)) return { ok: true };
	const { matchedCount } = await models.contacts.updateOne(ownLiveContact(caller, contactId), { $addToSet: { tags: name } });
	// Deleted between the read and the update.
	return matchedCount === 1 ? { ok: true } : { ok: false, reason: 'contact_not_found' };
}

/** §10.6: the name leaves the contact's set; the tag stays defined in the bot (our choice, §10.2). */
export async function detachTag(
	models: Models,
	caller: Caller,
	contactId: number,
	choice: TagChoice,
): Promise<{ ok: true } | TagRefusal> {
	let name = choice.name;
	let botFilter = {};
	if (choice.tagId != null) {
		const botId = botOfTagId(choice.tagId);
		const tag = (await botTagsOf(models, botId)).find(({ id }) => id === choice.tagId);
		if (!tag) return explain(models, caller, contactId, { ok: false, reason: 'tag_unknown' });
		name = tag.name;
		botFilter = { botId };
	}
	const pulled = await models.contacts.updateOne(
		{ ...ownLiveContact(caller, contactId), ...botFilter },
		{ $pull: { tags: name } },
	);
	if (pulled.matchedCount === 1) return { ok: true };
	// Another bot's tag ID on a contact the caller may use is unknown to the contact's bot.
	return explain(models, caller, contactId, { ok: false, reason: 'tag_unknown' });
}

/** The contact's own refusal comes first; otherwise `otherwise`. */
async function explain(models: Models, caller: Caller, contactId: number, otherwise: TagRefusal): Promise<TagRefusal> {
	const contact = await models.contacts.findById(contactId, { ownerId: 1, deletedAt: 1 }).lean();
	return refuseContact(caller, contact) ?? otherwise;
}
