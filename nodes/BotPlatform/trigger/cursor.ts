/**
 * How far the trigger got, between polls: `{lastId, lastCreatedAt}`, the recently emitted IDs above `lastId`,
 * and the bot filter the cursor was made under.
 *
 * - "New" is decided by ID alone: a contact is new when its ID is above `lastId` and not in `recentIds`. So the
 *   `created_at` values can be anything (same second, clocks that disagree, set by an import), and a poll that
 *   runs twice can never emit a contact twice.
 * - `lastId` moves only past contacts created at least `SETTLE_SECONDS` ago. A contact's ID is assigned before
 *   its insert is visible (here: a sequence, then the insert; on SQL: auto-increment, then the commit), so a
 *   contact with a lower ID can appear just after a higher one was read. Until the higher one has settled, the
 *   lower one is still new: the emitted IDs above `lastId` are kept in `recentIds` instead.
 * - `lastCreatedAt` (Unix seconds) only bounds how much each poll reads: the next poll asks for contacts created
 *   at or after `lastCreatedAt − OVERLAP_SECONDS`. It is the newest `created_at` seen, capped at "now", so a
 *   future-dated contact cannot push the window past contacts still to come.
 *
 * Stored as `cursor-store.ts` says.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { readStoredCursor, writeStoredCursor } from './cursor-store';

/**
 * How far before the newest `created_at` seen each poll starts reading. It absorbs second-granular times,
 * server clocks that disagree a little, and inserts that become visible a little after their `created_at` was
 * stamped. Contacts inside the overlap that were already emitted are read again and skipped by ID.
 */
export const OVERLAP_SECONDS = 120;

/** How long an insert may take to become visible after its `created_at`; the overlap reads that far back anyway. */
export const SETTLE_SECONDS = OVERLAP_SECONDS;

/** Bound on `recentIds` (a burst of new contacts); beyond it the oldest are settled early, to keep the cursor small. */
export const MAX_RECENT_IDS = 5000;

export interface ContactCursor {
	lastId: number;
	lastCreatedAt: number;
	/** The Bot ID filter the cursor belongs to; 0 means all bots. */
	botId: number;
	/** Emitted IDs above `lastId`, ascending. */
	recentIds: number[];
}

/** A contact a poll read, from the part of its read known to have no gap. */
export interface SeenContact {
	id: number;
	/** Unix seconds; undefined when the server sent no readable time. */
	createdAt: number | undefined;
}

/** What one poll saw, and when it ran. */
export interface PollObservation {
	/** The contacts read that were new or in `recentIds`, in ascending ID order. */
	handled: SeenContact[];
	/** The newest `created_at` among all contacts read, in Unix seconds. */
	maxCreatedAt: number | undefined;
	/** The poll's "now" in Unix seconds (see `pollNow`). */
	now: number;
}

const wholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** A stored cursor, or undefined when there is none or it is not one this code wrote. */
export function parseCursor(stored: IDataObject | undefined): ContactCursor | undefined {
	if (!stored) return undefined;
	const { lastId, lastCreatedAt, botId, recentIds = [] } = stored;
	if (!wholeNumber(lastId) || lastId < 0 || !wholeNumber(lastCreatedAt) || !wholeNumber(botId)) return undefined;
	if (!Array.isArray(recentIds) || !recentIds.every((id) => wholeNumber(id) && id > lastId)) return undefined;
	return { lastId, lastCreatedAt, botId, recentIds: [...(recentIds as number[])].sort((a, b) => a - b) };
}

export async function readCursor(context: IPollFunctions): Promise<ContactCursor | undefined> {
	return await readStoredCursor(context, parseCursor);
}

export async function writeCursor(context: IPollFunctions, cursor: ContactCursor): Promise<void> {
	await writeStoredCursor(context, { ...cursor });
}

/** `date_from` of the next poll. */
export function windowStart(cursor: ContactCursor): number {
	return Math.max(0, cursor.lastCreatedAt - OVERLAP_SECONDS);
}

/** Whether a contact read by a poll is new under this cursor. */
export function isNew(cursor: ContactCursor | undefined, recent: ReadonlySet<number>, id: number): boolean {
	return id > (cursor?.lastId ?? 0) && !recent.has(id);
}

/** The cursor of a first poll: everything up to the newest contact counts as existing. */
export function seedCursor(newest: SeenContact | undefined, now: number, botId: number): ContactCursor {
	const lastCreatedAt = Math.min(newest?.createdAt ?? now, now);
	return { lastId: newest?.id ?? 0, lastCreatedAt, botId, recentIds: [] };
}

/**
 * The cursor after a poll whose reads all succeeded (up to where it stopped).
 * - `lastId` moves to the highest handled contact created at least `SETTLE_SECONDS` before now: every handled
 *   contact up to it was read without a gap, and anything with a lower ID still to appear is older than that.
 * - `recentIds` keeps the other handled IDs above it (capped at `MAX_RECENT_IDS`, settling the lowest first).
 * - `lastCreatedAt` becomes the newest `created_at` seen, but never more than "now": a contact dated in the
 *   future would otherwise move the window past contacts created later with honest times. Moving it back (a
 *   clock that went back) only widens the window.
 */
export function advanceCursor(previous: ContactCursor | undefined, seen: PollObservation, botId: number): ContactCursor {
	const settleLine = seen.now - SETTLE_SECONDS;
	let lastId = previous?.lastId ?? 0;
	for (const contact of seen.handled) {
		if (contact.createdAt !== undefined && contact.createdAt <= settleLine) lastId = Math.max(lastId, contact.id);
	}
	const handled = new Set([...(previous?.recentIds ?? []), ...seen.handled.map((contact) => contact.id)]);
	let recentIds = [...handled].filter((id) => id > lastId).sort((a, b) => a - b);
	if (recentIds.length > MAX_RECENT_IDS) {
		lastId = recentIds[recentIds.length - MAX_RECENT_IDS - 1];
		recentIds = recentIds.slice(-MAX_RECENT_IDS);
	}
	const known = [previous?.lastCreatedAt, seen.maxCreatedAt].filter((t): t is number => t !== undefined);
	const newest = known.length > 0 ? Math.max(...known) : seen.now;
	return { lastId, lastCreatedAt: Math.min(newest, seen.now), botId, recentIds };
}
