/**
 * Which contacts an export or count sees (§4.14, §4.15): the caller's bots only, optionally one of them, without
 * preview and deleted contacts, within an inclusive creation-time window; always in ascending ID order.
 *
 * Contacts repeat their bot's owner, and deleting a bot deletes its contacts (`delete-bot.ts`), so the scope is
 * a condition on the contacts alone: no bot is read, and a bot that is someone else's or deleted simply matches
 * nothing. Every query is an index range: equality on the scope and on the two exclusions, then `_id` or
 * `createdAt` (see the indexes in `models/contact.ts`), so a count reads index keys only and a page skips by
 * position in the index.
 */
import type { QueryFilter, Types } from 'mongoose';
import { findInBatches } from '../../database/find-in-batches';
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

function scopeOf(ownerId: Types.ObjectId, filter: ContactFilter): QueryFilter<ContactDoc> {
	return {
		...(filter.botId === undefined ? { ownerId } : { botId: filter.botId, ownerId }),
		isPreview: false,
		deletedAt: null,
		...createdAtRange(filter),
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

/**
 * One page or batch of the export, each contact as its stored BSON (see `database/contact-export-encoder.ts`), with
 * the total of matching contacts (counted, never loaded).
 */
export async function exportContacts(
	models: Models,
	ownerId: Types.ObjectId,
	filter: ContactFilter,
	window: ContactWindow,
): Promise<{ contacts: Uint8Array[]; total: number }> {
	const scope = scopeOf(ownerId, filter);
	const [contacts, total] = await Promise.all([
		// The whole window in the first batch: one round trip, not a find and a getMore (the default first batch is 101).
		findInBatches(models.contacts, {
			filter: scope,
			sort: { _id: 1 },
			skip: window.skip,
			limit: Math.max(1, window.limit),
		}),
		models.contacts.countDocuments(scope),
	]);
	return { contacts, total };
}

export function countContacts(models: Models, ownerId: Types.ObjectId, filter: ContactFilter): Promise<number> {
	return models.contacts.countDocuments(scopeOf(ownerId, filter));
}
