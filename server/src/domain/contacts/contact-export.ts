/**
 * Which contacts an export or count sees (§4.14, §4.15): the caller's bots only, optionally one of them, without
 * preview and deleted contacts, within an inclusive creation-time window; always in ascending ID order.
 *
 * Contacts repeat their bot's owner, so "the caller's bots" needs no join, and deleting a bot touches none of its
 * contacts: the caller's bots are read on each call (a handful of documents, by the bots' owner index).
 * Every query is an index range: equality on the scope and on the two exclusions, then `_id` or `createdAt`
 * (see the indexes in `models/contact.ts`). Pages read the caller's contacts in ID order, leaving out the deleted
 * bots' few contacts as they go; counts go by the live bots instead, so that every condition is an index bound
 * and the count reads index keys only.
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

/** The same set of contacts, as a query for reading pages in ID order and as one for counting. */
interface ContactScope {
	pages: QueryFilter<ContactDoc>;
	count: QueryFilter<ContactDoc>;
}

/** Null when the filter leaves no bot: it names one that is not the caller's live bot, or the caller has none. */
async function scopeOf(models: Models, ownerId: Types.ObjectId, filter: ContactFilter): Promise<ContactScope | null> {
	const visible: QueryFilter<ContactDoc> = { isPreview: false, deletedAt: null, ...createdAtRange(filter) };
	if (filter.botId !== undefined) {
		if (!(await models.bots.exists({ _id: filter.botId, ownerId, deletedAt: null }))) return null;
		const oneBot = { botId: filter.botId, ...visible };
		return { pages: oneBot, count: oneBot };
	}
	const bots = await models.bots.find({ ownerId }, { deletedAt: 1 }).lean<{ _id: number; deletedAt: Date | null }[]>();
	const live = bots.filter((bot) => !bot.deletedAt).map((bot) => bot._id);
	const deleted = bots.filter((bot) => bot.deletedAt).map((bot) => bot._id);
	if (live.length === 0) return null;
	return {
		pages: { ownerId, ...(deleted.length > 0 && { botId: { $nin: deleted } }), ...visible },
		count: { botId: { $in: live }, ...visible },
	};
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
	const scope = await scopeOf(models, ownerId, filter);
	if (!scope) return { contacts: [], total: 0 };
	const [contacts, total] = await Promise.all([
		models.contacts.find(scope.pages).sort({ _id: 1 }).skip(window.skip).limit(window.limit).lean<ContactDoc[]>(),
		models.contacts.countDocuments(scope.count),
	]);
	return { contacts, total };
}

export async function countContacts(models: Models, ownerId: Types.ObjectId, filter: ContactFilter): Promise<number> {
	const scope = await scopeOf(models, ownerId, filter);
	return scope ? models.contacts.countDocuments(scope.count) : 0;
}
