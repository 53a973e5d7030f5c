/**
 * The "New List Item" event: what one call of `poll()` does.
 *
 * - Manual run ("Fetch Test Event"): the newest item of the list, so the user sees the data shape; the cursor is
 *   neither read nor written (1 request).
 * - First poll for this list: the cursor is seeded from the newest items and nothing is emitted (1 request),
 *   unless "Emit Existing Items on First Run" is on: then every existing item is emitted.
 * - Later polls: the items the cursor does not know yet, read from where the settled items end (see
 *   `item-cursor.ts` and `item-walk.ts`). The cursor is written only after every request of the poll succeeded; an
 *   error leaves it as it was, so the next poll reads the same items again and nothing is skipped.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { pollNow, unixSeconds } from './clock';
import {
	advanceItemCursor,
	isNewItem,
	readItemCursor,
	seedItemCursor,
	writeItemCursor,
	type ItemCursor,
	type SeenItem,
} from './item-cursor';
import { ITEMS_MAX_BATCH, walkItems } from './item-walk';
import { newestItems } from './newest-items';
import { logEarlyStop, readDeadline } from './poll-budget';

/** The list chosen (From List or By ID), checked before any request. */
function listIdOf(context: IPollFunctions): string {
	const raw = context.getNodeParameter('list', '', { extractValue: true });
	const listId = typeof raw === 'string' ? raw.trim() : '';
	if (listId === '') throw new NodeOperationError(context.getNode(), 'Choose the list whose new items start the workflow');
	return listId;
}

const output = (context: IPollFunctions, items: IDataObject[]) =>
	items.length === 0 ? null : [context.helpers.returnJsonArray(items)];

function seen(items: IDataObject[]): SeenItem[] {
	return items.flatMap((item, position) => {
		const createdAt = unixSeconds(item.created_at);
		return typeof item.id === 'string' && createdAt !== undefined ? [{ id: item.id, createdAt, position }] : [];
	});
}

export async function pollNewListItems(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const listId = listIdOf(this);
	const options = this.getNodeParameter('options', {}) as { emitExistingOnFirstRun?: boolean };
	const startMs = Date.now();

	if (this.getMode() === 'manual') return output(this, (await newestItems.call(this, listId, 1)).items);

	const stored = await readItemCursor(this);
	// A cursor made for another list says nothing about this one: start over as on a first run.
	const cursor: ItemCursor | undefined = stored?.listId === listId ? stored : undefined;

	if (cursor === undefined && options.emitExistingOnFirstRun !== true) {
		const { items, total, serverNow } = await newestItems.call(this, listId, ITEMS_MAX_BATCH);
		await writeItemCursor(this, seedItemCursor(listId, seen(items), total, pollNow(startMs, serverNow)));
		return null;
	}

	const recent = new Set(cursor?.recent.map(([id]) => id));
	const walk = await walkItems.call(this, {
		listId,
		settledAt: cursor?.settledAt,
		skip: cursor?.skip ?? 0,
		isNew: (item) => isNewItem(cursor, recent, item),
		deadlineMs: readDeadline(this, startMs),
	});
	logEarlyStop(this, 'items', walk, walk.items.length);
	const observation = { read: walk.read, end: walk.end, complete: walk.complete, now: pollNow(startMs, walk.serverNow) };
	await writeItemCursor(this, advanceItemCursor(cursor, listId, observation));
	return output(this, walk.items);
}
