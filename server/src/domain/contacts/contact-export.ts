/**
 * Which contacts an export or count sees (§4.14, §4.15): the caller's bots only, optionally one of them, without
 * preview and deleted contacts, within an inclusive creation-time window; always in ascending ID order.
 *
 * Every query starts with an equality on `ownerId` or `botId` followed by `_id` or `createdAt`, which the
 * contact indexes serve. Contacts repeat their bot's owner, so "the caller's bots" needs no join; the few
 * deleted bots of the caller are excluded by ID (`$nin`), read from the owner's bots on each call, so deleting a
 * bot touches none of its contacts and takes effect at once.
 */
import type { QueryFilter, Types } from 'mongoose';
import type { Models } from '../../models';
import type { ContactDoc } from '../../models/contact';

export interface ContactFilter {
	botId?: number;
	/** Unix seconds, inclusive. */
	dateFrom?: number;
	/** Unix seconds, inclusive: the whole second counts, as on a platform that stores seconds. */
	dateTo?: number;
}

export interface ContactWindow {
	skip: number;
	limit: number;
}

/** The query for the caller's contacts, or null when the filter names a bot that is not the caller's live bot. */
async function scopeQuery(models: Models, ownerId: Types.ObjectId, filter: ContactFilter): Promise<QueryFilter<ContactDoc> | null> {
	const visible: QueryFilter<ContactDoc> = { isPreview: false, deletedAt: null, ...createdAtRange(filter) };
	if (filter.botId !== undefined) {
		const ownBot = await models.bots.exists({ _id: filter.botId, ownerId, deletedAt: null });
		return ownBot ? { botId: filter.botId, ...visible } : null;
	}
	const deletedBots = await models.bots.find({ ownerId, deletedAt: { $ne: null } }, { _id: 1 }).lean<{ _id: number }[]>();
	const excluded = deletedBots.map((bot) => bot._id);
	return { ownerId, ...(excluded.length > 0 && { botId: { $nin: excluded } }), ...visible };
}

function createdAtRange({ dateFrom, dateTo }: ContactFilter) {
	if (dateFrom === undefined && dateTo === undefined) return {};
	return {
		createdAt: {
			...(dateFrom !== undefined && { $gte: new Date(dateFrom * 1000) }),
			...(dateTo !== undefined && { $lt: new Date((dateTo + 1) * 1000) }),
		},
	};
}

/** One page or batch of the export, with the total of matching contacts (counted, never loaded). */
export async function exportContacts(
	models: Models,
	ownerId: Types.ObjectId,
	filter: ContactFilter,
	window: ContactWindow,
): Promise<{ contacts: ContactDoc[]; total: number }> {
	const query = await scopeQuery(models, ownerId, filter);
	if (!query) return { contacts: [], total: 0 };
	const [contacts, total] = await Promise.all([
		models.contacts.find(query).sort({ _id: 1 }).skip(window.skip).limit(window.limit).lean<ContactDoc[]>(),
		models.contacts.countDocuments(query),
	]);
	return { contacts, total };
}

export async function countContacts(models: Models, ownerId: Types.ObjectId, filter: ContactFilter): Promise<number> {
	const query = await scopeQuery(models, ownerId, filter);
	return query ? models.contacts.countDocuments(query) : 0;
}
