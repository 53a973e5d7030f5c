/**
 * One poll's read of `getContacts` (spec §4.14): offset mode, ascending IDs, 1000 per request; the contacts the
 * cursor does not know yet are the new ones.
 *
 * No `date_to` is sent. New contacts get higher IDs, so they are appended at the end of the ID order and never
 * move the pages before them: the walk is stable without it. A contact created while the walk pages is either
 * on a page read later (emitted now) or not (the cursor does not know its ID: emitted next poll). A pinned
 * `date_to` would add a way to lose one instead: with clocks that disagree, a contact dated after `date_to`
 * could be left out while a higher ID dated before it is emitted and, once settled, moves the cursor past it.
 *
 * What can move pages is a deletion (of a contact or a bot) before the current offset: everything after it
 * shifts one place down, and a plain `offset += 1000` would skip a contact for good. So each page after the
 * first starts one place early, on the last contact of the page before (the anchor). If the anchor is not
 * there, the walk stops and keeps only what it read before: the cursor moves no further than that, and the
 * next poll continues from there. Anchors cost one contact per page: N contacts take 1 request up to 1000,
 * then one more per 999.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { apiRequest, CONTACTS_MAX_BATCH, type ApiResult, type ContactFilters } from '../transport';
import { getContacts } from '../actions/contact/getAll.operation';
import { serverSeconds, unixSeconds } from './clock';
import type { SeenContact } from './cursor';

export interface WalkOptions {
	/** Contacts with IDs up to this one are old and not even reported as handled. */
	afterId: number;
	/** Whether a contact above `afterId` is new (not emitted before). */
	isNew(id: number): boolean;
	/**
	 * Epoch ms after which no further page is started once something new was found. Stopping early is safe (the
	 * cursor stops at the last contact read) and keeps a poll within the time n8n gives it; requiring something
	 * new first guarantees progress even when the overlap alone fills the budget.
	 */
	deadlineMs?: number;
}

export interface WalkResult {
	/** New contacts, in ascending ID order. */
	contacts: IDataObject[];
	/** Every contact read above `afterId` (new or emitted before), up to where the read is known to have no gap. */
	handled: SeenContact[];
	/** The newest `created_at` among the contacts read, in Unix seconds. */
	maxCreatedAt: number | undefined;
	/** The server's clock at the first response, from its `Date` header. */
	serverNow: number | undefined;
	/** False when the walk stopped early (time budget, or a shift by a deletion); the rest comes next poll. */
	complete: boolean;
	requests: number;
}

interface OffsetPage {
	data?: IDataObject[];
	meta?: { total?: number };
}

const idOf = (contact: IDataObject | undefined): number | undefined =>
	typeof contact?.id === 'number' && Number.isSafeInteger(contact.id) ? contact.id : undefined;

export async function walkContacts(
	this: IPollFunctions,
	filters: ContactFilters,
	{ afterId, isNew, deadlineMs }: WalkOptions,
): Promise<WalkResult> {
	const result: WalkResult = {
		contacts: [],
		handled: [],
		maxCreatedAt: undefined,
		serverNow: undefined,
		complete: false,
		requests: 0,
	};
	let lastRead = afterId;
	let offset = 0;
	let anchor: number | undefined;
	for (;;) {
		const { body, headers } = (await apiRequest.call(this, getContacts, {
			...filters,
			offset,
			limit: CONTACTS_MAX_BATCH,
		})) as ApiResult<OffsetPage>;
		result.requests++;
		result.serverNow ??= serverSeconds(headers);
		const page = Array.isArray(body?.data) ? body.data : [];
		if (anchor !== undefined && idOf(page[0]) !== anchor) return result;
		for (const contact of anchor === undefined ? page : page.slice(1)) {
			const id = idOf(contact);
			if (id === undefined) continue;
			const createdAt = unixSeconds(contact.created_at);
			if (createdAt !== undefined) result.maxCreatedAt = Math.max(result.maxCreatedAt ?? createdAt, createdAt);
			// IDs ascend (§4.14); the check also guarantees no contact is handled twice by one walk.
			if (id <= lastRead) continue;
			lastRead = id;
			result.handled.push({ id, createdAt });
			if (isNew(id)) result.contacts.push(contact);
		}
		const total = body?.meta?.total;
		if (page.length < CONTACTS_MAX_BATCH || (typeof total === 'number' && offset + page.length >= total)) {
			result.complete = true;
			return result;
		}
		if (deadlineMs !== undefined && result.contacts.length > 0 && Date.now() >= deadlineMs) return result;
		anchor = idOf(page[page.length - 1]);
		offset += page.length - 1;
	}
}
