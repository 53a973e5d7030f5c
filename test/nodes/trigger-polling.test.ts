/**
 * Bot Platform Trigger: later polls. Every scenario asserts the exact contacts each poll emits (no gaps, no
 * repeats) and counts the requests through the proxy. Concurrent changes are made at exact points of a poll by
 * the proxy's hooks, never by waiting.
 */
import { createBot, createContact } from '../../server/test/support/factories';
import { useNodeTestEnv } from './support/setup';
import { activatedTrigger, isoAt, newContacts, nowSeconds, seconds } from './support/trigger-fixtures';

const env = useNodeTestEnv();
const pageOffsets = () => env.proxy.calls('getContacts').map((request) => request.body.offset);

describe('what a poll emits', () => {
	test('nothing new: one request, null, and the static data is not touched', async () => {
		const { bot, poller } = await activatedTrigger(env);
		const contact = await createContact(env.t, bot);
		expect((await poller.poll()).ids).toEqual([contact.id]);
		env.proxy.clear();

		const idle = await poller.poll();

		expect(idle.output).toBeNull();
		expect(idle.changed).toBe(false);
		expect(env.proxy.requests.length).toBe(1);
	});

	test('one new contact: emitted as the API returns it, from one request without date_to', async () => {
		const { bot, poller } = await activatedTrigger(env);
		const cursor = { ...poller.savedNodeData };
		const contact = await createContact(env.t, bot, { tags: ['vip'] });

		const result = await poller.poll();

		expect(result.json).toEqual([contact]);
		expect(env.proxy.requests.map((r) => r.body)).toEqual([
			{ date_from: (cursor.lastCreatedAt as number) - 120, offset: 0, limit: 1000 },
		]);
		// Created just now: emitted, and remembered in recentIds until it is older than the overlap.
		expect(poller.savedNodeData).toEqual({
			lastId: cursor.lastId,
			lastCreatedAt: seconds(contact.created_at),
			botId: 0,
			recentIds: [contact.id],
		});
	});

	test('2,500 new contacts: all emitted in ID order, in exactly 3 requests', async () => {
		const { bot, poller } = await activatedTrigger(env);
		const contacts = await newContacts(env.t, bot, 2500);

		const result = await poller.poll();

		expect(result.ids).toEqual(contacts);
		// Each page after the first starts on the last contact of the page before (the anchor).
		expect(pageOffsets()).toEqual([0, 999, 1998]);
		expect(env.proxy.requests.length).toBe(3);
		expect(poller.savedNodeData.recentIds).toEqual(contacts);
	});

	test('ten contacts in the same second, across two polls: each emitted once', async () => {
		const { bot, poller } = await activatedTrigger(env);
		// The very second the cursor was seeded at, so every contact shares it with the cursor too.
		const second = poller.savedNodeData.lastCreatedAt as number;
		const createdAt = isoAt(second);
		const firstFour = await newContacts(env.t, bot, 4, new Date(createdAt));

		expect((await poller.poll()).ids).toEqual(firstFour);
		expect(poller.savedNodeData.lastCreatedAt).toBe(second);

		const nextSix = await newContacts(env.t, bot, 6, new Date(createdAt));
		expect((await poller.poll()).ids).toEqual(nextSix);
		expect((await poller.poll()).output).toBeNull();
	});

	test('a contact created while the poll pages is emitted once: in this poll if its page is still to come', async () => {
		const { bot, poller } = await activatedTrigger(env);
		const contacts = await newContacts(env.t, bot, 1500);
		let during: { id: number } | undefined;
		// Between the first and the second page.
		env.proxy.afterForward('getContacts', async (_request, index) => {
			if (index === 0) during = await createContact(env.t, bot);
		});

		const first = await poller.poll();

		expect(during).toBeDefined();
		expect(first.ids).toEqual([...contacts, during!.id]);
		env.proxy.clear();
		expect((await poller.poll()).output).toBeNull();
	});

	test('a contact created after the last page was read is emitted by the next poll', async () => {
		const { bot, poller } = await activatedTrigger(env);
		const contacts = await newContacts(env.t, bot, 1500);
		let after: { id: number } | undefined;
		// After the second (last) page was read, before the node gets it.
		env.proxy.afterForward('getContacts', async (_request, index) => {
			if (index === 1) after = await createContact(env.t, bot);
		});

		expect((await poller.poll()).ids).toEqual(contacts);
		env.proxy.clear();
		expect((await poller.poll()).ids).toEqual([after!.id]);
		expect((await poller.poll()).output).toBeNull();
	});

	test('a deletion that shifts the pages mid-poll: the poll stops at what it read, the next one goes on', async () => {
		const { bot, poller } = await activatedTrigger(env);
		const contacts = await newContacts(env.t, bot, 1500);
		// Deleting an already-read contact moves every later one a place down: a plain offset of 1000 would skip one.
		env.proxy.afterForward('getContacts', async (_request, index) => {
			if (index === 0) await env.t.admin.expect(204, 'DELETE', `/contacts/${contacts[10]}`);
		});

		const first = await poller.poll();
		expect(first.ids).toEqual(contacts.slice(0, 1000));
		expect(poller.savedNodeData.recentIds).toEqual(contacts.slice(0, 1000));

		env.proxy.clear();
		expect((await poller.poll()).ids).toEqual(contacts.slice(1000));
		expect((await poller.poll()).output).toBeNull();
	});
});

describe('inserts that become visible out of ID order', () => {
	test('a contact whose ID is lower than one already emitted is still emitted, once', async () => {
		const { bot, poller } = await activatedTrigger(env);
		// A slow insert: its ID is taken (as the server does, from the sequence) but the contact is not there yet.
		const { models } = env.t.server.database;
		const counter = await models.counters
			.findOneAndUpdate({ _id: 'contacts' }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' })
			.lean();
		const slowId = counter!.seq;
		const fast = await createContact(env.t, bot);
		expect(fast.id).toBeGreaterThan(slowId);
		expect((await poller.poll()).ids).toEqual([fast.id]);

		const template = await models.contacts.findOne({ _id: fast.id }).lean();
		await models.contacts.create({ ...template, _id: slowId, messengerId: '42', messengerKey: '42', createdAt: new Date() });

		expect((await poller.poll()).ids).toEqual([slowId]);
		expect((await poller.poll()).output).toBeNull();
	});

	test('once emitted contacts are older than the overlap, lastId moves past them and recentIds empties', async () => {
		const { bot, poller } = await activatedTrigger(env);
		const contacts = await newContacts(env.t, bot, 3);
		expect((await poller.poll()).ids).toEqual(contacts);
		expect(poller.savedNodeData).toMatchObject({ lastId: 0, recentIds: contacts });

		// Three minutes later, on both clocks.
		const realNow = Date.now.bind(Date);
		const later = () => realNow() + 180_000;
		const spy = jest.spyOn(Date, 'now').mockImplementation(later);
		env.proxy.afterForward('getContacts', () => ({ Date: new Date(later()).toUTCString() }));
		try {
			const idle = await poller.poll();
			expect(idle.output).toBeNull();
			expect(idle.changed).toBe(true);
			expect(poller.savedNodeData).toMatchObject({ lastId: contacts[2], recentIds: [] });

			const next = await createContact(env.t, bot);
			expect((await poller.poll()).ids).toEqual([next.id]);
		} finally {
			spy.mockRestore();
		}
	});
});

describe('dates and clocks', () => {
	test('a future-dated contact is emitted and does not hold back later contacts', async () => {
		const { bot, poller } = await activatedTrigger(env);
		const future = await createContact(env.t, bot, { created_at: isoAt(nowSeconds() + 86_400) });

		expect((await poller.poll()).ids).toEqual([future.id]);
		// Capped at "now": the window of the next poll still covers contacts created now.
		expect(poller.savedNodeData.lastCreatedAt).toBeLessThanOrEqual(nowSeconds());

		const later = await createContact(env.t, bot);
		expect((await poller.poll()).ids).toEqual([later.id]);
	});

	test('a contact dated before the newest one seen, within the overlap, is still emitted', async () => {
		const { bot, poller } = await activatedTrigger(env);
		const recent = await createContact(env.t, bot);
		expect((await poller.poll()).ids).toEqual([recent.id]);

		const backdated = await createContact(env.t, bot, { created_at: isoAt(seconds(recent.created_at) - 100) });
		expect((await poller.poll()).ids).toEqual([backdated.id]);
	});

	describe.each([
		['behind', -300],
		['ahead of', +300],
	])('n8n’s clock 5 minutes (more than the overlap) %s the server’s', (_label, skewSeconds) => {
		afterEach(() => jest.restoreAllMocks());

		test('every contact is emitted once, also after a future-dated one', async () => {
			const realNow = Date.now.bind(Date);
			jest.spyOn(Date, 'now').mockImplementation(() => realNow() + skewSeconds * 1000);
			const { bot, poller } = await activatedTrigger(env);

			const a = await createContact(env.t, bot);
			expect((await poller.poll()).ids).toEqual([a.id]);
			const future = await createContact(env.t, bot, { created_at: isoAt(Math.floor(realNow() / 1000) + 3600) });
			expect((await poller.poll()).ids).toEqual([future.id]);
			// The cursor never gets ahead of the server's clock, whichever way n8n's clock is off.
			expect(poller.savedNodeData.lastCreatedAt).toBeLessThanOrEqual(Math.floor(realNow() / 1000));

			const b = await newContacts(env.t, bot, 3);
			expect((await poller.poll()).ids).toEqual(b);
			expect((await poller.poll()).output).toBeNull();
		});
	});
});

describe('which contacts count', () => {
	test('preview contacts are never emitted; deleted ones only if they were emitted before deletion', async () => {
		const { bot, poller } = await activatedTrigger(env);
		await createContact(env.t, bot, { is_preview: true });
		const deletedEarly = await createContact(env.t, bot);
		await env.t.admin.expect(204, 'DELETE', `/contacts/${deletedEarly.id}`);
		const kept = await createContact(env.t, bot);

		expect((await poller.poll()).ids).toEqual([kept.id]);

		await env.t.admin.expect(204, 'DELETE', `/contacts/${kept.id}`);
		await createContact(env.t, bot, { is_preview: true });
		expect((await poller.poll()).output).toBeNull();

		const next = await createContact(env.t, bot);
		expect((await poller.poll()).ids).toEqual([next.id]);
	});

	test('the Bot ID option: only that bot’s contacts; changing it starts over without emitting', async () => {
		const { project, bot, poller } = await activatedTrigger(env);
		const other = await createBot(env.t, project);
		poller.setParameters({ options: { botId: bot.id } });
		expect((await poller.poll()).output).toBeNull(); // a new filter seeds again

		const a1 = await createContact(env.t, bot);
		await createContact(env.t, other);
		const a2 = await createContact(env.t, bot);
		env.proxy.clear();

		expect((await poller.poll()).ids).toEqual([a1.id, a2.id]);
		expect(env.proxy.requests.every((r) => r.body.bot_id === bot.id)).toBe(true);
		expect(poller.savedNodeData.botId).toBe(bot.id);

		poller.setParameters({ options: {} });
		expect((await poller.poll()).output).toBeNull();
		const b = await createContact(env.t, other);
		expect((await poller.poll()).ids).toEqual([b.id]);
	});

	test('a Bot ID of another user gives no contacts and no error', async () => {
		const { poller } = await activatedTrigger(env);
		const stranger = await activatedTrigger(env);
		poller.setParameters({ options: { botId: stranger.bot.id } });
		await createContact(env.t, stranger.bot);

		expect((await poller.poll()).output).toBeNull();
		expect((await poller.poll()).output).toBeNull();
	});
});

describe('n8n integration', () => {
	test('the cursor survives a restart: nothing is repeated or lost', async () => {
		const { bot, poller } = await activatedTrigger(env);
		const before = await newContacts(env.t, bot, 3);
		expect((await poller.poll()).ids).toEqual(before);

		poller.restart();
		const after = await createContact(env.t, bot);
		expect((await poller.poll()).ids).toEqual([after.id]);
	});

	test('with a small time budget, a backlog is emitted over several polls, each making progress', async () => {
		const { bot, poller } = await activatedTrigger(env, { pollBudgetMs: 0 });
		const contacts = await newContacts(env.t, bot, 2500);

		const emitted: number[][] = [];
		for (let poll = 0; poll < 5; poll++) emitted.push((await poller.poll()).ids);

		expect(emitted.map((batch) => batch.length)).toEqual([1000, 999, 501, 0, 0]);
		expect(emitted.flat()).toEqual(contacts);
	});

	test('uses this.getCursor/this.setCursor when n8n offers them, and leaves static data alone', async () => {
		let stored: Record<string, unknown> | undefined;
		const durable = (context: object) =>
			Object.assign(context, {
				getCursor: () => stored,
				setCursor: (cursor: Record<string, unknown>) => {
					stored = { ...cursor };
				},
			});
		const { bot, poller } = await activatedTrigger(env, { extendContext: durable });
		expect(stored).toMatchObject({ lastId: 0, botId: 0 });
		expect(poller.savedNodeData).toEqual({});

		const contact = await createContact(env.t, bot);
		expect((await poller.poll()).ids).toEqual([contact.id]);
		expect(stored).toMatchObject({ lastId: 0, recentIds: [contact.id] });
		expect((await poller.poll()).output).toBeNull();
		expect(poller.savedNodeData).toEqual({});
	});
});
