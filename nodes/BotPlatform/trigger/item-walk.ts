/**
 * One poll's read of `getListItems` (spec §12.4) in `created_at` order, oldest first (ties by `id`): from where the
 * settled items end (the cursor's `skip`) to the end of the list.
 *
 * The API pages by `page` and `limit` (offset = (page − 1) × limit), and has no filter on `created_at`. Items
 * created later are appended at the end of the order, so they never move the pages before them. What can move
 * them is a deletion before the current place (everything after it shifts down, and the next page would skip
 * an item) or an insert that becomes visible late (it shifts up: an item is read twice). So every read after the
 * first is chosen to overlap the one before (`readCovering`): it must contain the last item read (the anchor),
 * and only the items after the anchor are taken. If the anchor is not in it, the walk stops and keeps what it read
 * before; the cursor moves no further than that and the next poll carries on.
 *
 * The first read starts at or before the last settled item. Its first item must be settled (created at or before
 * `settledAt`): then every unsettled item comes after it. If it is not (deletions moved the settled items down),
 * the walk steps back, further each time, until one is.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { apiRequest, type ApiResult } from '../transport';
import { getListItems } from '../actions/listItem/getAll.operation';
import { serverSeconds, unixSeconds } from './clock';
import type { SeenItem } from './item-cursor';

/** The most items `getListItems` returns per request. */
export const ITEMS_MAX_BATCH = 1000;

/** Candidate page sizes tried below the largest, to find the read that reaches furthest. */
const SIZES_TRIED = 2000;

export interface ItemRead {
	page: number;
	limit: number;
}

/**
 * The request whose page contains `place` and reaches furthest past it. Pages are aligned to their size, so a
 * read starting exactly at `place` is rarely possible; one starting a little before it (by fewer than its page
 * number) is. Past any place below two million it reads at least 499 items further.
 */
export function readCovering(place: number): ItemRead {
	let best: ItemRead = { page: Math.floor(place / ITEMS_MAX_BATCH) + 1, limit: ITEMS_MAX_BATCH };
	let bestEnd = best.page * ITEMS_MAX_BATCH;
	const fewestBefore = Math.max(1, Math.ceil(place / ITEMS_MAX_BATCH));
	for (let before = fewestBefore; before < fewestBefore + SIZES_TRIED; before++) {
		const limit = Math.floor(place / before);
		if (limit < 1) break;
		if ((before + 1) * limit > bestEnd) {
			best = { page: before + 1, limit };
			bestEnd = (before + 1) * limit;
		}
	}
	return best;
}

export interface ItemWalkOptions {
	listId: string;
	/** Items created at or before it are settled; undefined: none is (a first run that emits what exists). */
	settledAt: number | undefined;
	/** How many items are settled, as the cursor last counted them. */
	skip: number;
	/** Whether an item read is new (not settled, not emitted before). */
	isNew(item: SeenItem): boolean;
	/** Epoch ms after which no further page is started once something new was found (as for contacts). */
	deadlineMs?: number;
}

export interface ItemWalkResult {
	/** New items, oldest first. */
	items: IDataObject[];
	/** Every item read after the first settled one, without a gap, with its place. */
	read: SeenItem[];
	/** The place after the last item read. */
	end: number;
	/** The server's clock at the first response, from its `Date` header. */
	serverNow: number | undefined;
	/** False when the walk stopped early (time budget, or a shift by a deletion); the rest comes next poll. */
	complete: boolean;
	requests: number;
}

interface ItemsPage {
	data?: IDataObject[];
	meta?: { total?: number };
}

const idOf = (item: IDataObject | undefined): string | undefined => (typeof item?.id === 'string' ? item.id : undefined);

export async function walkItems(
	this: IPollFunctions,
	{ listId, settledAt, skip, isNew, deadlineMs }: ItemWalkOptions,
): Promise<ItemWalkResult> {
	const result: ItemWalkResult = { items: [], read: [], end: 0, serverNow: undefined, complete: false, requests: 0 };
	const settled = (item: IDataObject | undefined) => {
		const createdAt = unixSeconds(item?.created_at);
		return settledAt !== undefined && createdAt !== undefined && createdAt <= settledAt;
	};
	let place = Math.max(0, skip - 1);
	let stepBack = ITEMS_MAX_BATCH;
	let anchor: string | undefined;
	for (;;) {
		const { page, limit } = readCovering(place);
		const offset = (page - 1) * limit;
		const { body, headers } = (await apiRequest.call(this, getListItems, {
			schema_id: listId,
			order_by: 'created_at,asc',
			page,
			limit,
		})) as ApiResult<ItemsPage>;
		result.requests++;
		result.serverNow ??= serverSeconds(headers);
		const batch = Array.isArray(body?.data) ? body.data : [];
		const total = body?.meta?.total;
		let from = 0;
		if (anchor === undefined) {
			if (offset > 0 && !settled(batch[0])) {
				// The settled items end before this page now: look further back.
				const known = typeof total === 'number' ? Math.min(total, offset) : offset;
				place = Math.max(0, known - stepBack);
				stepBack *= 2;
				continue;
			}
		} else {
			from = batch.findIndex((item) => idOf(item) === anchor) + 1;
			if (from === 0) return result;
		}
		for (let index = from; index < batch.length; index++) {
			const item = batch[index];
			const id = idOf(item);
			const createdAt = unixSeconds(item.created_at);
			if (id === undefined || createdAt === undefined) continue;
			const seen = { id, createdAt, position: offset + index };
			result.read.push(seen);
			if (isNew(seen)) result.items.push(item);
		}
		result.end = offset + batch.length;
		if (batch.length < limit || (typeof total === 'number' && result.end >= total)) {
			result.complete = true;
			return result;
		}
		if (deadlineMs !== undefined && result.items.length > 0 && Date.now() >= deadlineMs) return result;
		anchor = idOf(batch[batch.length - 1]);
		place = result.end - 1;
	}
}
