/**
 * Bot Platform Trigger, New List Item event (version 3): every item added to a list is emitted once, against the
 * real server through n8n-core's poll context. Concurrent changes and faults are made at exact points of a poll
 * by the proxy's hooks, and the clocks are moved by replacing `Date.now` and the server's `Date` header, never by
 * waiting.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { createUserWithBot, createListForTest } from '../../server/test/support/factories';
import { useNodeTestEnv } from './support/setup';
import {
	activatedItemTrigger,
	addItem,
	itemIds,
	listItemParameters,
	methods,
	newItems,
	nowSeconds,
	pollerFor,
	seconds,
} from './support/trigger-fixtures';

const env = useNodeTestEnv();
const reads = () => env.proxy.calls('getListItems').map(({ body }) => [body.order_by, body.page, body.limit]);

/** Runs `body` with n8n's clock and the server's `Date` header `offsetSeconds` ahead of the real time. */
async function later<T>(offsetSeconds: number, body: () => Promise<T>): Promise<T> {
	const realNow = Date.now.bind(Date);
	const now = () => realNow() + offsetSeconds * 1000;
	const spy = jest.spyOn(Date, 'now').mockImplementation(now);
	env.proxy.afterForward('getListItems', () => ({ Date: new Date(now()).toUTCString() }));
	try {
		return await body();
	} finally {
		spy.mockRestore();
	}
}

describe('first poll and manual runs', () => {
	test('the first poll remembers the items there are, in 1 request, and emits nothing; the next item is emitted', async () => {
		const { user, project } = await createUserWithBot(env.t);
		const list = await createListForTest(user, { project_uuid: project.uuid });
		const existing = await newItems(env.t, list.id, 3, new Date(Date.now() - 3_600_000));
		const recentOnes = await newItems(env.t, list.id, 2);
		const poller = pollerFor(env, user, { typeVersion: 3, parameters: listItemParameters(list.id) });

		expect((await poller.poll()).output).toBeNull();
		expect(reads()).toEqual([['created_at,desc', 1, 1000]]);
		// Items of the last two minutes are remembered by ID; the older ones are settled.
		expect(poller.savedNodeData).toMatchObject({ listId: list.id, skip: existing.length });
		expect((poller.savedNodeData.recent as [string, number][]).map(([id]) => id)).toEqual(recentOnes);

		env.proxy.clear();
		const next = await addItem(user, list.id, 'Order 17');
		const second = await poller.poll();
		expect(itemIds(second)).toEqual([next.id]);
		expect(second.json[0]).toMatchObject({ id: next.id, title: 'Order 17', created_at: next.created_at });
		// From the start of the page that holds the last settled item.
		expect(reads()).toEqual([['created_at,asc', 1, 1000]]);
		expect((await poller.poll()).output).toBeNull();
	});

	test('"Emit Existing Items on First Run" emits every item once, oldest first', async () => {
		const { user, project } = await createUserWithBot(env.t);
		const list = await createListForTest(user, { project_uuid: project.uuid });
		const old = await newItems(env.t, list.id, 3, new Date('2020-01-02T03:04:05Z'));
		const fresh = await newItems(env.t, list.id, 2);
		const poller = pollerFor(env, user, {
			typeVersion: 3,
			parameters: listItemParameters(list.id, { emitExistingOnFirstRun: true }),
		});

		expect(itemIds(await poller.poll())).toEqual([...old, ...fresh]);
		expect(reads()).toEqual([['created_at,asc', 1, 1000]]);
		expect(poller.savedNodeData).toMatchObject({ skip: 3, recent: fresh.map((id) => [id, expect.any(Number)]) });
		expect((await poller.poll()).output).toBeNull();
	});

	test('Fetch Test Event shows the newest item (none: null) in 1 request and leaves the cursor alone', async () => {
		const { user, list, poller } = await activatedItemTrigger(env);
		const cursor = { ...poller.savedNodeData };
		expect((await poller.poll('manual')).output).toBeNull();
		await addItem(user, list.id, 'first');
		const newest = await addItem(user, list.id, 'second');
		env.proxy.clear();

		const manual = await poller.poll('manual');

		expect(manual.json).toEqual([expect.objectContaining({ id: newest.id, title: 'second' })]);
		expect(reads()).toEqual([['created_at,desc', 1, 1]]);
		expect(manual.changed).toBe(false);
		expect(poller.savedNodeData).toEqual(cursor);
		expect((await poller.poll()).json.map((item) => item.title)).toEqual(['first', 'second']);
	});

	test('changing the list starts over as on a first run; no list chosen fails before any request', async () => {
		const { user, project, list, poller } = await activatedItemTrigger(env);
		const other = await createListForTest(user, { project_uuid: project.uuid });
		await addItem(user, other.id, 'before the switch');
		poller.setParameters(listItemParameters(other.id));
		expect((await poller.poll()).output).toBeNull();
		expect(poller.savedNodeData.listId).toBe(other.id);
		const mine = await addItem(user, other.id, 'after the switch');
		await addItem(user, list.id, 'in the first list');
		expect(itemIds(await poller.poll())).toEqual([mine.id]);

		env.proxy.clear();
		poller.setParameters(listItemParameters(''));
		await expect(poller.poll()).rejects.toBeInstanceOf(NodeOperationError);
		expect(env.proxy.requests).toHaveLength(0);
	});
});

describe('what later polls emit', () => {
	test('nothing new: one request, null, and the static data is not touched', async () => {
		const { user, list, poller } = await activatedItemTrigger(env);
		await addItem(user, list.id, 'one');
		expect((await poller.poll()).json).toHaveLength(1);
		env.proxy.clear();

		const idle = await poller.poll();

		expect(idle.output).toBeNull();
		expect(idle.changed).toBe(false);
		expect(env.proxy.requests).toHaveLength(1);
	});

	test('2,500 new items: all emitted in created_at order, in exactly 3 overlapping requests', async () => {
		const { list, poller } = await activatedItemTrigger(env);
		const items = await newItems(env.t, list.id, 2500);

		expect(itemIds(await poller.poll())).toEqual(items);
		// Each read after the first contains the last item of the one before (the anchor).
		expect(reads()).toEqual([
			['created_at,asc', 1, 1000],
			['created_at,asc', 2, 999],
			['created_at,asc', 3, 998],
		]);
		expect((await poller.poll()).output).toBeNull();
	});

	test('ties: items of one second from three server instances, across two polls, each emitted once', async () => {
		const { list, poller } = await activatedItemTrigger(env);
		const second = new Date(nowSeconds() * 1000);
		const firstFour = await newItems(env.t, list.id, 4, second, ['4000000000', 'c000000000']);
		expect(itemIds(await poller.poll())).toEqual(firstFour);

		const nextSix = await newItems(env.t, list.id, 6, second, ['0000000000', '8000000000', 'ffffffffff']);
		const all = [...firstFour, ...nextSix].sort();
		// The new ones sort among the old ones by ID, and are emitted all the same.
		expect(all).not.toEqual([...firstFour, ...nextSix]);
		expect(itemIds(await poller.poll())).toEqual(nextSix);
		expect((await poller.poll()).output).toBeNull();
	});

	test('an insert that becomes visible after a newer item was emitted is still emitted, once', async () => {
		const { user, list, poller } = await activatedItemTrigger(env);
		const newer = await addItem(user, list.id, 'newer');
		expect(itemIds(await poller.poll())).toEqual([newer.id]);

		// Stamped 90 seconds before the newest item seen, by an instance whose insert took that long to show.
		const [late] = await newItems(env.t, list.id, 1, new Date((seconds(newer.created_at) - 90) * 1000));
		expect(itemIds(await poller.poll())).toEqual([late]);
		expect((await poller.poll()).output).toBeNull();
	});

	test('an item created while the poll pages is emitted once: now if its page is still to come, else next poll', async () => {
		const { user, list, poller } = await activatedItemTrigger(env);
		const items = await newItems(env.t, list.id, 1500);
		let during: { id: string } | undefined;
		env.proxy.afterForward('getListItems', async (_request, index) => {
			if (index === 0) during = await addItem(user, list.id, 'during');
		});
		expect(itemIds(await poller.poll())).toEqual([...items, during!.id]);

		env.proxy.clear();
		let after: { id: string } | undefined;
		env.proxy.afterForward('getListItems', async (_request, index) => {
			// After the poll's last read (the unsettled items are read from the start again, in two reads).
			if (index === 1) after = await addItem(user, list.id, 'after');
		});
		expect((await poller.poll()).output).toBeNull();
		expect(itemIds(await poller.poll())).toEqual([after!.id]);
	});

	test('a deletion that shifts the pages mid-poll: the poll stops at what it read, the next one goes on', async () => {
		const { user, list, poller } = await activatedItemTrigger(env);
		const items = await newItems(env.t, list.id, 1500);
		// Deleting an item already read moves every later one a place down: the anchor is no longer where it was.
		env.proxy.afterForward('getListItems', async (_request, index) => {
			if (index === 0) expect((await user.api.call('deleteListItem', { item_id: items[10] })).status).toBe(204);
		});

		expect(itemIds(await poller.poll())).toEqual(items.slice(0, 1000));
		env.proxy.clear();
		expect(itemIds(await poller.poll())).toEqual(items.slice(1000));
		expect((await poller.poll()).output).toBeNull();
	});

	test('old items deleted in bulk: the poll steps back to where the settled items end now', async () => {
		const { list, poller } = await activatedItemTrigger(env);
		await newItems(env.t, list.id, 2000, new Date(Date.now() - 1_200_000));
		await newItems(env.t, list.id, 500, new Date(Date.now() - 600_000));
		const [first] = await newItems(env.t, list.id, 1);
		expect(itemIds(await poller.poll())).toEqual([first]);
		expect(poller.savedNodeData).toMatchObject({ skip: 2500 });

		const cutoff = new Date(Date.now() - 900_000);
		await env.t.server.database.models.listItems.deleteMany({ listId: list.id, createdAt: { $lt: cutoff } });
		const [second] = await newItems(env.t, list.id, 1);
		env.proxy.clear();
		expect(itemIds(await poller.poll())).toEqual([second]);
		// Past the end now (502 items): back to the page that holds the last settled item.
		expect(reads()).toEqual([
			['created_at,asc', 4, 833],
			['created_at,asc', 1, 1000],
		]);
		expect(poller.savedNodeData).toMatchObject({ skip: 500 });
	});

	test('items settle once a newer one is two minutes younger: recent keeps only the last two minutes', async () => {
		const { user, list, poller } = await activatedItemTrigger(env);
		const first = await addItem(user, list.id, 'first');
		expect(itemIds(await poller.poll())).toEqual([first.id]);
		expect(poller.savedNodeData).toMatchObject({ recent: [[first.id, seconds(first.created_at)]], skip: 0 });

		await later(180, async () => {
			const createdAt = new Date(Date.now());
			const [next] = await newItems(env.t, list.id, 1, createdAt);
			expect(itemIds(await poller.poll())).toEqual([next]);
			expect(poller.savedNodeData).toMatchObject({
				settledAt: seconds(createdAt) - 120,
				skip: 1,
				recent: [[next, seconds(createdAt)]],
			});
			expect((await poller.poll()).output).toBeNull();
		});
	});

	test('a future-dated item is emitted and does not hold back later items', async () => {
		const { user, list, poller } = await activatedItemTrigger(env);
		const [future] = await newItems(env.t, list.id, 1, new Date(Date.now() + 86_400_000));
		expect(itemIds(await poller.poll())).toEqual([future]);
		expect(poller.savedNodeData.settledAt as number).toBeLessThanOrEqual(nowSeconds() - 120);

		const next = await addItem(user, list.id, 'next');
		expect(itemIds(await poller.poll())).toEqual([next.id]);
	});
});

describe('n8n integration', () => {
	test('the cursor survives a restart: nothing is repeated or lost', async () => {
		const { user, list, poller } = await activatedItemTrigger(env);
		const before = await newItems(env.t, list.id, 3);
		expect(itemIds(await poller.poll())).toEqual(before);

		poller.restart();
		const after = await addItem(user, list.id, 'after the restart');
		expect(itemIds(await poller.poll())).toEqual([after.id]);
		expect((await poller.poll()).output).toBeNull();
	});

	test('a 500 on the second page: NodeApiError, the cursor is unchanged, and the next poll delivers everything once', async () => {
		const { list, poller } = await activatedItemTrigger(env);
		const cursor = { ...poller.savedNodeData };
		const items = await newItems(env.t, list.id, 1500);
		env.proxy.afterForward('getListItems', (_request, index) => {
			if (index === 0) env.proxy.inject('getListItems', { kind: 'respond', status: 500, body: { message: 'Server Error' } });
		});

		const failure = await poller.poll().catch((error: unknown) => error);

		expect(failure).toBeInstanceOf(NodeApiError);
		expect(failure).toMatchObject({ httpCode: '500' });
		expect(env.proxy.calls('getListItems')).toHaveLength(2);
		expect(poller.savedNodeData).toEqual(cursor);

		env.proxy.clear();
		expect(itemIds(await poller.poll())).toEqual(items);
		expect((await poller.poll()).output).toBeNull();
	});

	test('a deleted list: each poll fails with a 404 that says so, and the cursor stays', async () => {
		const { user, list, poller } = await activatedItemTrigger(env);
		const cursor = { ...poller.savedNodeData };
		await addItem(user, list.id, 'orphan');
		expect((await user.api.call('deleteListSchema', { schema_id: list.id })).status).toBe(204);

		const failure = await poller.poll().catch((error: unknown) => error);

		expect(failure).toBeInstanceOf(NodeApiError);
		expect(failure).toMatchObject({ httpCode: '404', message: 'List not found: check the List ID' });
		expect(poller.savedNodeData).toEqual(cursor);
		expect(methods(env)).toEqual(['getListItems']);
	});

	test('with a small time budget, a backlog is emitted over several polls, each making progress', async () => {
		const { list, poller } = await activatedItemTrigger(env, { pollBudgetMs: 0 });
		const items = await newItems(env.t, list.id, 2500);

		const emitted: string[][] = [];
		for (let poll = 0; poll < 5; poll++) emitted.push(itemIds(await poller.poll()));

		expect(emitted.map((batch) => batch.length)).toEqual([1000, 998, 502, 0, 0]);
		expect(emitted.flat()).toEqual(items);
	});
});
