/**
 * Bot Platform Trigger: activation (the first poll seeds the cursor) and manual runs ("Fetch Test Event"),
 * through n8n-core's poll context against the real server.
 */
import { createUserWithBot, createBot, createContact } from '../../server/test/support/factories';
import { useNodeTestEnv } from './support/setup';
import { methods, newContacts, nowSeconds, pollerFor, seconds } from './support/trigger-fixtures';

const env = useNodeTestEnv();

describe('first poll after activation', () => {
	test('seeds the cursor at the newest contact and emits nothing, in 2 requests; the next contact is emitted', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const createdAt = new Date(Date.now() - 3_600_000);
		const existing = await newContacts(env.t, bot, 3, createdAt);
		const poller = pollerFor(env, user);

		const first = await poller.poll();

		expect(first.output).toBeNull();
		expect(env.proxy.requests.map((r) => [r.method, r.body])).toEqual([
			['getNumberOfContacts', {}],
			['getContacts', { offset: 2, limit: 1 }],
		]);
		expect(poller.savedNodeData).toEqual({
			lastId: existing[2],
			lastCreatedAt: seconds(createdAt),
			botId: 0,
			recentIds: [],
		});

		env.proxy.clear();
		const next = await createContact(env.t, bot);
		const second = await poller.poll();
		expect(second.ids).toEqual([next.id]);
		expect(second.json[0]).toEqual(next);
		expect(env.proxy.requests.map((r) => [r.method, r.body])).toEqual([
			['getContacts', { date_from: seconds(createdAt) - 120, offset: 0, limit: 1000 }],
		]);
	});

	test('a user without contacts is seeded in 1 request, and its first contact is emitted', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const poller = pollerFor(env, user);
		const before = nowSeconds();

		expect((await poller.poll()).output).toBeNull();
		expect(methods(env)).toEqual(['getNumberOfContacts']);
		const cursor = poller.savedNodeData;
		expect(cursor).toMatchObject({ lastId: 0, botId: 0, recentIds: [] });
		expect(cursor.lastCreatedAt).toBeGreaterThanOrEqual(before - 1);
		expect(cursor.lastCreatedAt).toBeLessThanOrEqual(nowSeconds());

		const first = await createContact(env.t, bot);
		expect((await poller.poll()).ids).toEqual([first.id]);
		expect((await poller.poll()).output).toBeNull();
	});

	test('"Emit Existing Contacts on First Run" emits every existing contact once, in ID order', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const existing = await newContacts(env.t, bot, 5, new Date('2020-01-02T03:04:05Z'));
		await createContact(env.t, bot, { is_preview: true });
		const deleted = await createContact(env.t, bot);
		await env.t.admin.expect(204, 'DELETE', `/contacts/${deleted.id}`);
		const poller = pollerFor(env, user, { parameters: { options: { emitExistingOnFirstRun: true } } });

		const first = await poller.poll();

		expect(first.ids).toEqual(existing);
		// No date filter on the first run: old contacts count too.
		expect(env.proxy.requests.map((r) => [r.method, r.body])).toEqual([['getContacts', { offset: 0, limit: 1000 }]]);
		// Contacts older than the overlap have settled: lastId moves past them, nothing stays in recentIds.
		expect(poller.savedNodeData).toMatchObject({
			lastId: existing[4],
			lastCreatedAt: seconds('2020-01-02T03:04:05Z'),
			recentIds: [],
		});
		expect((await poller.poll()).output).toBeNull();
	});

	test('with the option on and no contacts yet, nothing is emitted and the first contact comes next', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const poller = pollerFor(env, user, { parameters: { options: { emitExistingOnFirstRun: true } } });
		expect((await poller.poll()).output).toBeNull();
		const first = await createContact(env.t, bot);
		expect((await poller.poll()).ids).toEqual([first.id]);
	});
});

describe('manual run ("Fetch Test Event")', () => {
	test('returns the newest contact and leaves the cursor as it was; the next poll still emits it', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		await newContacts(env.t, bot, 2);
		const poller = pollerFor(env, user);
		await poller.poll();
		const cursor = { ...poller.savedNodeData };
		const newer = [await createContact(env.t, bot), await createContact(env.t, bot)];
		env.proxy.clear();

		const manual = await poller.poll('manual');

		expect(manual.ids).toEqual([newer[1].id]);
		expect(manual.json[0]).toEqual(newer[1]);
		expect(manual.changed).toBe(false);
		expect(manual.staticData).toEqual(cursor);
		expect(poller.savedNodeData).toEqual(cursor);
		expect(methods(env)).toEqual(['getNumberOfContacts', 'getContacts']);

		expect((await poller.poll()).ids).toEqual(newer.map((contact) => contact.id));
	});

	test('before activation it neither seeds nor stores anything', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const contacts = await newContacts(env.t, bot, 2);
		const poller = pollerFor(env, user);

		const manual = await poller.poll('manual');

		expect(manual.ids).toEqual([contacts[1]]);
		expect(manual.staticData).toEqual({});
		expect(poller.saved).toEqual({});
		// Activation afterwards still seeds: existing contacts are not emitted.
		expect((await poller.poll()).output).toBeNull();
		expect(poller.savedNodeData).toMatchObject({ lastId: contacts[1] });
	});

	test('returns null when there is no contact, and follows the Bot ID option', async () => {
		const { user, project, bot } = await createUserWithBot(env.t);
		const other = await createBot(env.t, project);
		const poller = pollerFor(env, user, { parameters: { options: { botId: other.id } } });
		expect((await poller.poll('manual')).output).toBeNull();

		const mine = await createContact(env.t, other);
		await createContact(env.t, bot);
		expect((await poller.poll('manual')).ids).toEqual([mine.id]);
		expect(env.proxy.requests.every((r) => r.body.bot_id === other.id)).toBe(true);
		expect(poller.saved).toEqual({});
	});
});

describe('version 2: "all bots" is a choice, one bot needs its ID', () => {
	test('by default new contacts of every bot start the workflow', async () => {
		const { user, project, bot } = await createUserWithBot(env.t);
		const other = await createBot(env.t, project);
		const poller = pollerFor(env, user, { typeVersion: 2 });
		expect((await poller.poll()).output).toBeNull();
		expect(poller.savedNodeData).toMatchObject({ botId: 0 });
		const contacts = [await createContact(env.t, bot), await createContact(env.t, other)];
		expect((await poller.poll()).ids).toEqual(contacts.map((contact) => contact.id));
	});

	test('"One Bot" polls only that bot', async () => {
		const { user, project, bot } = await createUserWithBot(env.t);
		const other = await createBot(env.t, project);
		const poller = pollerFor(env, user, { typeVersion: 2, parameters: { bots: 'one', botId: String(other.id) } });
		await poller.poll();
		await createContact(env.t, bot);
		const mine = await createContact(env.t, other);
		expect((await poller.poll()).ids).toEqual([mine.id]);
		expect(env.proxy.requests.every((request) => request.body.bot_id === other.id)).toBe(true);
		expect(poller.savedNodeData).toMatchObject({ botId: other.id });
	});

	test('"One Bot" without a Bot ID fails before any request instead of meaning all bots', async () => {
		const { user } = await createUserWithBot(env.t);
		const poller = pollerFor(env, user, { typeVersion: 2, parameters: { bots: 'one' } });
		await expect(poller.poll()).rejects.toThrow('Bot ID must be a positive whole number, got ""');
		await expect(poller.poll('manual')).rejects.toThrow('Bot ID must be a positive whole number, got ""');
		expect(env.proxy.requests).toHaveLength(0);
		expect(poller.saved).toEqual({});
	});
});
