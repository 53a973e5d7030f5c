/**
 * The "New Contact" event: what one call of `poll()` does.
 *
 * - Manual run ("Fetch Test Event"): the newest contact, so the user sees the data shape; the cursor is neither
 *   read nor written (2 requests).
 * - First poll for this bot filter: the cursor is seeded at the newest contact and nothing is emitted
 *   (2 requests), unless "Emit Existing Contacts on First Run" is on: then every existing contact is emitted.
 * - Later polls: contacts the cursor does not know yet, read from `lastCreatedAt − overlap` on (see `cursor.ts`
 *   and `contact-walk.ts`).
 *   The cursor is written only after every request of the poll succeeded; an error leaves it as it was, so the
 *   next poll reads the same contacts again and nothing is skipped.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { ContactFilters } from '../transport';
import { pollNow, unixSeconds } from './clock';
import { walkContacts } from './contact-walk';
import { advanceCursor, isNew, readCursor, seedCursor, windowStart, writeCursor, type ContactCursor } from './cursor';
import { newestContact } from './newest-contact';
import { logEarlyStop, readDeadline } from './poll-budget';
import { contactShaper } from '../actions/contact/output';

export interface TriggerOptions {
	botId?: number | string;
	emitExistingOnFirstRun?: boolean;
}

/** A Bot ID as entered (a number, or text from version 2 or an expression), checked before any request. */
function checkedBotId(this: IPollFunctions, raw: unknown): number {
	const value = typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
	if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
		throw new NodeOperationError(this.getNode(), `Bot ID must be a positive whole number, got "${String(raw)}"`);
	}
	return value;
}

/**
 * The bot whose contacts are polled; 0 means all bots (as the cursor stores it). Version 1: the Bot ID option,
 * where unset (0 or empty) means all bots. From version 2: "Contacts Of" says all bots or one, and one needs its ID.
 */
function botIdFilter(this: IPollFunctions, options: TriggerOptions): number {
	if (this.getNode().typeVersion === 1) {
		const raw = options.botId;
		return raw === undefined || raw === null || raw === '' || raw === 0 ? 0 : checkedBotId.call(this, raw);
	}
	if ((this.getNodeParameter('bots', 'all') as string) === 'all') return 0;
	// From version 3 the bot is a picker; its value is the ID.
	const picker = this.getNode().typeVersion >= 3 ? { extractValue: true } : undefined;
	return checkedBotId.call(this, this.getNodeParameter('botId', '', picker));
}

/** The emitted items, each contact as Output says (from version 3); null when there is nothing new. */
function output(context: IPollFunctions, contacts: IDataObject[]): INodeExecutionData[][] | null {
	if (contacts.length === 0) return null;
	const shape = contactShaper(context.getNode().typeVersion, (name, fallback) => context.getNodeParameter(name, fallback));
	return [context.helpers.returnJsonArray(contacts.map(shape))];
}

export async function pollNewContacts(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const options = this.getNodeParameter('options', {}) as TriggerOptions;
	const botId = botIdFilter.call(this, options);
	const filters: ContactFilters = botId === 0 ? {} : { bot_id: botId };
	const startMs = Date.now();

	if (this.getMode() === 'manual') {
		const { contact } = await newestContact.call(this, filters);
		return output(this, contact ? [contact] : []);
	}

	const stored = await readCursor(this);
	// A cursor made for another bot filter says nothing about this one: start over as on a first run.
	const cursor: ContactCursor | undefined = stored?.botId === botId ? stored : undefined;

	if (cursor === undefined && options.emitExistingOnFirstRun !== true) {
		const { contact, serverNow } = await newestContact.call(this, filters);
		const id = typeof contact?.id === 'number' ? contact.id : undefined;
		const newest = id === undefined ? undefined : { id, createdAt: unixSeconds(contact?.created_at) };
		await writeCursor(this, seedCursor(newest, pollNow(startMs, serverNow), botId));
		return null;
	}

	const recent = new Set(cursor?.recentIds);
	const walk = await walkContacts.call(this, cursor ? { ...filters, date_from: windowStart(cursor) } : filters, {
		afterId: cursor?.lastId ?? 0,
		isNew: (id) => isNew(cursor, recent, id),
		deadlineMs: readDeadline(this, startMs),
	});
	logEarlyStop(this, 'contacts', walk, walk.contacts.length);
	const seen = { handled: walk.handled, maxCreatedAt: walk.maxCreatedAt, now: pollNow(startMs, walk.serverNow) };
	await writeCursor(this, advanceCursor(cursor, seen, botId));
	return output(this, walk.contacts);
}
