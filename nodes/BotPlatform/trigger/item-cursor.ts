/**
 * How far the New List Item event got, between polls. List item IDs are ObjectIds: their order is not the order
 * of creation across server instances (each has its own counter), so unlike the contacts' cursor this one is a
 * time, read in `created_at` order (ties broken by `id`, §12.4):
 *
 * - `settledAt` (Unix seconds): every item created at or before it was handled (emitted, or existing when the
 *   trigger was activated). An item is new when it was created after `settledAt` and its ID is not in `recent`.
 * - `recent`: the items handled after `settledAt`, `[id, createdAt]`, oldest first. Remembering them makes the
 *   decision safe against ties in one second, a poll that runs twice, and a restart.
 * - `settledAt` moves only to `SETTLE_SECONDS` before the newest `created_at` seen (capped at "now"), so an item
 *   whose insert becomes visible after a newer one was read, or that another instance stamped with a clock a
 *   little behind, is still after it.
 * - `skip`: how many items were settled when last counted, i.e. where in `created_at` order the next poll starts
 *   reading. Only a hint: the walk checks that its first item is settled and steps back if deletions moved it.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { SETTLE_SECONDS } from './cursor';
import { readStoredCursor, writeStoredCursor } from './cursor-store';

/** Bound on `recent` (a burst of new items); beyond it the oldest seconds are settled early, to keep the cursor small. */
export const MAX_RECENT_ITEMS = 5000;

export interface ItemCursor {
	/** The list the cursor belongs to. */
	listId: string;
	settledAt: number;
	skip: number;
	recent: [id: string, createdAt: number][];
}

/** An item a poll read, from the part of its read known to have no gap. */
export interface SeenItem {
	id: string;
	/** Unix seconds. */
	createdAt: number;
	/** Its place in `created_at` order when read, from 0. */
	position: number;
}

/** What one poll saw, and when it ran. */
export interface ItemObservation {
	/** Every item read, in `created_at` order, without a gap. */
	read: SeenItem[];
	/** Where the read ended: the place after the last item read. */
	end: number;
	/** Whether the read reached the end of the list. */
	complete: boolean;
	/** The poll's "now" in Unix seconds (see `pollNow`). */
	now: number;
}

const wholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const itemId = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{24}$/i.test(value);

const byTime = (a: [string, number], b: [string, number]) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** A stored cursor, or undefined when there is none or it is not one this code wrote. */
export function parseItemCursor(stored: IDataObject | undefined): ItemCursor | undefined {
	if (!stored) return undefined;
	const { listId, settledAt, skip, recent } = stored;
	if (typeof listId !== 'string' || !wholeNumber(settledAt) || !wholeNumber(skip) || skip < 0 || !Array.isArray(recent)) {
		return undefined;
	}
	const pairs = recent as unknown[];
	const valid = pairs.every(
		(pair) => Array.isArray(pair) && pair.length === 2 && itemId(pair[0]) && wholeNumber(pair[1]) && pair[1] > settledAt,
	);
	if (!valid) return undefined;
	return {
		listId,
		settledAt,
		skip,
		recent: (pairs as [string, number][]).map(([id, at]) => [id, at] as [string, number]).sort(byTime),
	};
}

export async function readItemCursor(context: IPollFunctions): Promise<ItemCursor | undefined> {
	return await readStoredCursor(context, parseItemCursor);
}

export async function writeItemCursor(context: IPollFunctions, cursor: ItemCursor): Promise<void> {
	await writeStoredCursor(context, { ...cursor });
}

/** Whether an item read by a poll is new under this cursor (none: the first run emits what exists). */
export function isNewItem(cursor: ItemCursor | undefined, recent: ReadonlySet<string>, item: SeenItem): boolean {
	return cursor === undefined || (item.createdAt > cursor.settledAt && !recent.has(item.id));
}

/**
 * The cursor of a first poll, from the newest items (newest first) and the list's size: every item that exists
 * counts as handled. Those created in the last `SETTLE_SECONDS` before the newest one are remembered by ID, so an
 * item created in that time whose insert is not visible yet is still emitted.
 */
export function seedItemCursor(listId: string, newest: SeenItem[], total: number, now: number): ItemCursor {
	if (newest.length === 0) return { listId, settledAt: now - SETTLE_SECONDS, skip: 0, recent: [] };
	const settleLine = Math.min(newest[0].createdAt, now) - SETTLE_SECONDS;
	// A read of part of the list holds every item after its oldest one; the rest of that one's second is settled too.
	const settledAt = newest.length < total ? Math.max(settleLine, newest[newest.length - 1].createdAt) : settleLine;
	const recent = newest.filter((item) => item.createdAt > settledAt).map((item): [string, number] => [item.id, item.createdAt]);
	return { listId, settledAt, skip: Math.max(0, total - recent.length), recent: recent.sort(byTime) };
}

/**
 * The cursor after a poll whose reads all succeeded (up to where it stopped).
 * - `settledAt` moves to `SETTLE_SECONDS` before the newest `created_at` read (capped at "now"), never back. If
 *   the read stopped early, not past the second before the last item read: the rest of that second is unread.
 * - `recent` keeps the handled items created after it (capped at `MAX_RECENT_ITEMS`, settling the oldest seconds
 *   first, but never into the part still unread).
 * - `skip` becomes the place of the first item read that is not settled, or the end of the read.
 */
export function advanceItemCursor(previous: ItemCursor | undefined, listId: string, seen: ItemObservation): ItemCursor {
	const newest = seen.read.reduce<number | undefined>((max, item) => Math.max(max ?? item.createdAt, item.createdAt), undefined);
	const last = seen.read[seen.read.length - 1];
	const readLimit = seen.complete || last === undefined ? Number.POSITIVE_INFINITY : last.createdAt - 1;
	// Nothing read (an empty list): the server's times said nothing, so only a first cursor takes the clock's.
	const settleLine =
		newest === undefined ? (previous?.settledAt ?? seen.now - SETTLE_SECONDS) : Math.min(newest, seen.now) - SETTLE_SECONDS;
	let settledAt = Math.min(settleLine, readLimit);
	if (previous !== undefined) settledAt = Math.max(previous.settledAt, settledAt);
	const handled = new Map<string, number>(previous?.recent);
	for (const item of seen.read) if (isNewOrRecent(previous, item)) handled.set(item.id, item.createdAt);
	let recent = [...handled].filter(([, at]) => at > settledAt).sort(byTime);
	if (recent.length > MAX_RECENT_ITEMS) {
		settledAt = Math.max(settledAt, Math.min(recent[recent.length - MAX_RECENT_ITEMS - 1][1], readLimit));
		recent = recent.filter(([, at]) => at > settledAt);
	}
	const firstOpen = seen.read.find((item) => item.createdAt > settledAt);
	const skip = firstOpen?.position ?? (seen.read.length > 0 || previous === undefined ? seen.end : previous.skip);
	return { listId, settledAt, skip, recent };
}

/** Items the previous cursor had not settled: the ones `recent` may hold. */
const isNewOrRecent = (previous: ItemCursor | undefined, item: SeenItem) =>
	previous === undefined || item.createdAt > previous.settledAt;
