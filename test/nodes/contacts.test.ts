/** Contact operations through n8n: Get Many (filters, limit), Count, Create or Update, and their errors. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { createUserWithBot, createBot, createContact, randomMessengerId } from '../../server/test/support/factories';
import { runNode } from './support/n8n-harness';
import { useNodeTestEnv } from './support/setup';

const env = useNodeTestEnv();

const BASE_MS = Date.parse('2023-06-01T10:00:00Z');
const at = (minutes: number) => new Date(BASE_MS + minutes * 60_000).toISOString();

describe('Get Many', () => {
	test('filters by bot and creation period; dates are read in the workflow’s time zone', async () => {
		const { user, project, bot } = await createUserWithBot(env.t);
		const otherBot = await createBot(env.t, project);
		const early = await createContact(env.t, bot, { created_at: at(0) });
		const inside = await createContact(env.t, bot, { created_at: at(60) });
		await createContact(env.t, otherBot, { created_at: at(60) });
		const edge = await createContact(env.t, bot, { created_at: at(120) });
		await createContact(env.t, bot, { created_at: at(121) });

		// 12:00 and 14:00 in Berlin (UTC+2 in June) are 10:00 and 12:00 UTC: minutes 0 to 120, both inclusive.
		const result = await runNode({
			credentials: env.credentials(user),
			timezone: 'Europe/Berlin',
			parameters: {
				resource: 'contact',
				operation: 'getAll',
				returnAll: true,
				filters: { botId: bot.id, createdFrom: '2023-06-01T12:00:00', createdTo: '2023-06-01T14:00:00' },
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.json.map((c) => c.id)).toEqual([early.id, inside.id, edge.id]);
		expect(result.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		const [request] = env.proxy.calls('getContacts');
		expect(request.body).toEqual({
			bot_id: bot.id,
			date_from: BASE_MS / 1000,
			date_to: BASE_MS / 1000 + 7200,
			offset: 0,
			limit: 1000,
		});
	});

	test('a Limit asks for exactly that many, oldest first, with tags and variables', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const made = [];
		for (let i = 0; i < 7; i++)
			made.push(await createContact(env.t, bot, { tags: [`t${i}`], variables: [{ name: 'city', value: 'Oslo' }] }));
		const result = await runNode({
			credentials: env.credentials(user),
			parameters: { resource: 'contact', operation: 'getAll', returnAll: false, limit: 5 },
		});
		expect(result.json.map((c) => c.id)).toEqual(made.slice(0, 5).map((c) => c.id));
		expect(result.json[0]).toMatchObject({ tags: ['t0'], variables: [expect.objectContaining({ name: 'city', value: 'Oslo' })] });
		expect(env.proxy.calls('getContacts').map((r) => [r.body.offset, r.body.limit])).toEqual([[0, 5]]);
	});

	test('no contacts is an empty output, not an error', async () => {
		const { user } = await createUserWithBot(env.t);
		const result = await runNode({
			credentials: env.credentials(user),
			parameters: { resource: 'contact', operation: 'getAll', returnAll: true },
		});
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([]);
	});

	test('a malformed date is an item error naming the filter, before any request', async () => {
		const { user } = await createUserWithBot(env.t);
		const result = await runNode({
			credentials: env.credentials(user),
			parameters: { resource: 'contact', operation: 'getAll', returnAll: true, filters: { createdFrom: 'last tuesday' } },
		});
		expect(result.error?.message).toBe('Created From: "last tuesday" is not a date');
		expect(env.proxy.calls('getContacts')).toHaveLength(0);
	});
});

describe('Count', () => {
	test('counts with the same filters, one item per input item', async () => {
		const { user, project, bot } = await createUserWithBot(env.t);
		const otherBot = await createBot(env.t, project);
		for (let i = 0; i < 3; i++) await createContact(env.t, bot, { created_at: at(i) });
		await createContact(env.t, otherBot, { created_at: at(1) });
		const result = await runNode({
			credentials: env.credentials(user),
			items: [{ bot: bot.id }, { bot: otherBot.id }],
			parameters: { resource: 'contact', operation: 'count', filters: { botId: '={{ $json.bot }}', createdFrom: at(1) } },
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([
			[{ count: 2 }, { item: 0 }],
			[{ count: 1 }, { item: 1 }],
		]);
		expect(env.proxy.calls('getNumberOfContacts').map((r) => r.body)).toEqual([
			{ bot_id: bot.id, date_from: BASE_MS / 1000 + 60 },
			{ bot_id: otherBot.id, date_from: BASE_MS / 1000 + 60 },
		]);
	});
});

describe('Create or Update', () => {
	test('creates a Telegram contact, then updates it by its Telegram ID', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const telegramId = randomMessengerId();
		const parameters = {
			resource: 'contact',
			operation: 'upsert',
			botId: bot.id,
			messenger: 'telegram',
			telegramId: String(telegramId),
			name: '={{ $json.name }}',
			additionalFields: {
				email: 'ann@example.com',
				phone: '+1 (555) 010-2030',
				telegram_username: '@ann',
				max_username: 'left-over-from-max',
				tags: 'vip, newsletter',
			},
		};
		const created = await runNode({ credentials: env.credentials(user), items: [{ name: 'Ann' }], parameters });
		expect(created.error).toBeUndefined();
		expect(created.json[0]).toMatchObject({
			bot_id: bot.id,
			name: 'Ann',
			messenger: 'telegram',
			telegram_id: String(telegramId),
			telegram_username: 'ann',
			email: 'ann@example.com',
			phone: '15550102030',
			tags: ['vip', 'newsletter'],
		});
		expect(env.proxy.calls('createOrUpdateContact')[0].body).toEqual({
			bot_id: bot.id,
			messenger: 'telegram',
			name: 'Ann',
			telegram_id: telegramId,
			email: 'ann@example.com',
			phone: '+15550102030',
			telegram_username: 'ann',
			tags: ['vip', 'newsletter'],
		});

		const updated = await runNode({
			credentials: env.credentials(user),
			items: [{ name: 'Ann B.' }],
			parameters: { ...parameters, additionalFields: { tags: '' } },
		});
		expect(updated.json[0]).toMatchObject({ id: created.json[0].id, name: 'Ann B.', email: 'ann@example.com', tags: [] });
	});

	test.each([
		['max', 'maxId', { max_user_id: expect.any(Number) }],
		['vk', 'vkId', { vk_user_id: expect.any(Number) }],
		['viber', 'viberId', { viber_id: 'viber-abc' }],
	])('creates a %s contact with that messenger’s ID only', async (messenger, parameter, shape) => {
		const { user, bot } = await createUserWithBot(env.t);
		const id = messenger === 'viber' ? 'viber-abc' : String(randomMessengerId());
		const result = await runNode({
			credentials: env.credentials(user),
			parameters: { resource: 'contact', operation: 'upsert', botId: bot.id, messenger, [parameter]: id, name: 'Bo' },
		});
		expect(result.error).toBeUndefined();
		expect(result.json[0]).toMatchObject({ messenger, ...shape });
		const sent = env.proxy.calls('createOrUpdateContact')[0].body;
		expect(Object.keys(sent).sort()).toEqual(['bot_id', 'messenger', 'name', `${messenger}_id`].sort());
	});

	test('an unknown bot is "Bot not found: check the Bot ID" (404)', async () => {
		const { user } = await createUserWithBot(env.t);
		const stranger = await createUserWithBot(env.t);
		const result = await runNode({
			credentials: env.credentials(user),
			parameters: {
				resource: 'contact',
				operation: 'upsert',
				botId: stranger.bot.id,
				messenger: 'telegram',
				telegramId: '42',
				name: 'X',
			},
		});
		expect(result.error).toMatchObject({ message: 'Bot not found: check the Bot ID', httpCode: '404' });
		expect(result.error?.context).toMatchObject({ itemIndex: 0, botPlatform: { method: 'createOrUpdateContact', status: 404 } });
	});

	test('invalid input is a 422 with every field error in the description', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const result = await runNode({
			credentials: env.credentials(user),
			parameters: {
				resource: 'contact',
				operation: 'upsert',
				botId: bot.id,
				messenger: 'telegram',
				telegramId: '42',
				name: 'X',
				additionalFields: { email: 'not-an-email', phone: '+12' },
			},
		});
		expect(result.error?.httpCode).toBe('422');
		expect(result.error?.message).toMatch(/^Invalid input: /);
		expect(result.error?.description).toMatch(/^email: .+$/m);
		expect(result.error?.description).toMatch(/^phone: .+$/m);
		expect(result.error?.context?.botPlatform).toMatchObject({
			status: 422,
			errors: { email: expect.any(Array), phone: expect.any(Array) },
		});
	});

	test('a messenger ID that is not a number is refused before sending', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const result = await runNode({
			credentials: env.credentials(user),
			parameters: {
				resource: 'contact',
				operation: 'upsert',
				botId: bot.id,
				messenger: 'telegram',
				telegramId: '@ann',
				name: 'X',
			},
		});
		expect(result.error?.message).toBe('Telegram User ID must be a positive whole number, got "@ann"');
		expect(env.proxy.calls('createOrUpdateContact')).toHaveLength(0);
	});

	test('Continue On Fail: failed items become error items paired with their input, the others go on', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const result = await runNode({
			credentials: env.credentials(user),
			continueOnFail: true,
			items: [{ email: 'ok@example.com' }, { email: 'broken' }, { email: 'fine@example.com' }],
			parameters: {
				resource: 'contact',
				operation: 'upsert',
				botId: bot.id,
				messenger: 'telegram',
				telegramId: '={{ 1000 + $itemIndex }}',
				name: 'Item {{ $itemIndex }}',
				additionalFields: { email: '={{ $json.email }}' },
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.json[0]).toMatchObject({ email: 'ok@example.com', telegram_id: '1000' });
		expect(result.json[1]).toEqual({
			error: expect.stringMatching(/^Invalid input: /),
			description: expect.stringMatching(/^email: /m),
			status: 422,
			errors: { email: [expect.any(String)] },
		});
		expect(result.json[2]).toMatchObject({ email: 'fine@example.com', telegram_id: '1002' });
	});
});

describe('version 2: Create or Update', () => {
	const upsert = (botId: number, telegramId: number, additionalFields: INodeParameters = {}): INodeParameters => ({
		resource: 'contact',
		operation: 'upsert',
		botId: String(botId),
		messenger: 'telegram',
		telegramId: String(telegramId),
		name: '={{ $json.name }}',
		additionalFields,
	});

	test('says whether the contact was created (201) or updated (200), beside the contact’s own fields', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const telegramId = randomMessengerId();
		const first = await runNode({
			credentials: env.credentials(user),
			typeVersion: 2,
			items: [{ name: 'Ann' }],
			parameters: upsert(bot.id, telegramId, { telegramUsername: '@ann', email: 'ann@example.com' }),
		});
		expect(first.error).toBeUndefined();
		expect(first.json[0]).toMatchObject({ created: true, name: 'Ann', telegram_username: 'ann', email: 'ann@example.com' });
		expect(env.proxy.calls('createOrUpdateContact')[0].response?.status).toBe(201);
		const second = await runNode({
			credentials: env.credentials(user),
			typeVersion: 2,
			items: [{ name: 'Ann B.' }],
			parameters: upsert(bot.id, telegramId),
		});
		expect(second.json[0]).toMatchObject({ created: false, id: first.json[0].id, name: 'Ann B.', email: 'ann@example.com' });
		// Exactly the contact as the API returns it everywhere (spec §2.4), plus `created`.
		const listed = await user.api.call('getContacts', { bot_id: bot.id });
		expect(second.json[0]).toEqual({ ...listed.data.data[0], created: false });
	});

	test('an empty Tags value leaves the tags as they are; Clear Tags removes them', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const telegramId = randomMessengerId();
		const run = (items: IDataObject[], extra: INodeParameters) =>
			runNode({
				credentials: env.credentials(user),
				typeVersion: 2,
				items,
				parameters: upsert(bot.id, telegramId, { tags: '={{ $json.tags }}', ...extra }),
			});
		const tagged = await run([{ name: 'Bo', tags: 'vip, newsletter' }], {});
		expect(tagged.json[0].tags).toEqual(['vip', 'newsletter']);
		// Per-item mapping: this item has no tags, so the contact keeps its own.
		const untouched = await run([{ name: 'Bo' }], {});
		expect(untouched.json[0].tags).toEqual(['vip', 'newsletter']);
		expect(env.proxy.calls('createOrUpdateContact')[1].body).not.toHaveProperty('tags');
		const replaced = await run([{ name: 'Bo', tags: ['gold'] }], { clearTags: true });
		expect(replaced.json[0].tags).toEqual(['gold']);
		const cleared = await run([{ name: 'Bo' }], { clearTags: true });
		expect(cleared.json[0].tags).toEqual([]);
		expect(env.proxy.calls('createOrUpdateContact')[3].body.tags).toEqual([]);
	});

	test('an empty Bot ID stops the workflow before any request (it is not 0)', async () => {
		const { user } = await createUserWithBot(env.t);
		await expect(
			runNode({
				credentials: env.credentials(user),
				typeVersion: 2,
				parameters: { resource: 'contact', operation: 'upsert', messenger: 'telegram', telegramId: '42', name: 'X' },
			}),
		).rejects.toThrow('Parameter "Bot ID" is required.');
		expect(env.proxy.requests).toHaveLength(0);
	});

	test.each([
		[2, 'as text', (id: number) => String(id)],
		[3, 'picked from the list', (id: number) => ({ __rl: true, mode: 'list', value: String(id), cachedResultName: 'Bot' })],
	])('version %d: Get Many with the bot filter %s', async (typeVersion, _how, botId) => {
		const { user, project, bot } = await createUserWithBot(env.t);
		const other = await createBot(env.t, project);
		const mine = await createContact(env.t, bot);
		await createContact(env.t, other);
		const result = await runNode({
			credentials: env.credentials(user),
			typeVersion,
			parameters: { resource: 'contact', operation: 'getAll', returnAll: true, filters: { botId: botId(bot.id) } },
		});
		expect(result.json.map((contact) => contact.id)).toEqual([mine.id]);
		expect(env.proxy.calls('getContacts')[0].body).toMatchObject({ bot_id: bot.id });
	});
});
