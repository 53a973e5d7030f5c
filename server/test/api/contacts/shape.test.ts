/**
 * The contact shape of §2.4 for every messenger, identical from the admin API, getContacts and
 * createOrUpdateContact; and the admin endpoints that provision contacts (`POST /admin/v1/contacts`,
 * `DELETE /admin/v1/contacts/:id`).
 */
import { createUserWithBot, createContact, randomMessengerId, type TestBot } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';

let t: TestServer;

beforeAll(async () => {
	t = await startTestServer();
});

afterAll(async () => {
	await t.close();
});

const subscribersOf = async (bot: TestBot): Promise<number> =>
	(await t.admin.expect(200, 'GET', `/bots/${bot.id}`)).data.subscribers_count;

const common = (bot: TestBot) => ({
	id: expect.any(Number),
	bot_id: bot.id,
	phone: null,
	email: null,
	name: 'Kim',
	address: null,
	utm: [],
	avatar: null,
	created_at: '2022-05-06T07:08:09.000Z',
	unsubscribed_at: null,
	tags: [],
	variables: [],
});

describe('per-messenger shapes (§2.4)', () => {
	test.each([
		[
			'telegram',
			{ telegram_id: '123456789', telegram_username: 'kim' },
			{ telegram_id: '123456789', telegram_username: 'kim', vk_user_id: null },
		],
		['telegram', { telegram_id: 987 }, { telegram_id: '987', telegram_username: null, vk_user_id: null }],
		['max', { max_id: 4242, max_username: 'kim_max' }, { max_user_id: 4242, max_username: 'kim_max', vk_user_id: null }],
		['viber', { viber_id: 'vIb3r==' }, { viber_id: 'vIb3r==', vk_user_id: null }],
		['vk', { vk_id: 31337 }, { vk_user_id: 31337 }],
		['web', {}, { vk_user_id: null }],
	])('%s %j', async (messenger, input, fields) => {
		const { user, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot, { messenger, name: 'Kim', created_at: '2022-05-06T10:08:09+03:00', ...input });
		expect(contact).toStrictEqual({ ...common(bot), messenger, ...fields });
		expect((await user.api.call('getContacts')).data.data).toEqual([contact]);
	});

	test('the shape is the same from the admin API, getContacts (both modes) and createOrUpdateContact', async () => {
		const { user, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot, { phone: '+79001234567', email: 'k@example.com', address: 'A', tags: ['x'] });
		expect(contact.phone).toBe('79001234567');
		const page = await user.api.call('getContacts');
		const batch = await user.api.call('getContacts', { limit: 10 });
		const upsert = await user.api.call('createOrUpdateContact', {
			bot_id: bot.id,
			messenger: 'telegram',
			telegram_id: contact.telegram_id,
			name: contact.name,
		});
		expect(upsert.status).toBe(200);
		expect(page.data.data).toStrictEqual([contact]);
		expect(batch.data.data).toStrictEqual([contact]);
		expect(upsert.data.data).toStrictEqual(contact);
	});

	test('utm holds the utm_* variables as name to value; variables list every variable with its internal fields', async () => {
		const { bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot, {
			variables: [
				{ name: 'utm_source', value: 'newsletter' },
				{ name: 'city', value: 'Oslo' },
				{ name: 'utm_campaign', value: 'spring' },
				{ name: 'photo', value: 'https://files.example.com/p.jpg', type: 1 },
			],
		});
		expect(contact.utm).toEqual({ utm_source: 'newsletter', utm_campaign: 'spring' });
		expect(contact.variables).toEqual([
			{ id: 1, name: 'utm_source', value: 'newsletter', type: 0, schema_id: null, deletable: true, payload: null },
			{ id: 2, name: 'city', value: 'Oslo', type: 0, schema_id: null, deletable: true, payload: null },
			{ id: 3, name: 'utm_campaign', value: 'spring', type: 0, schema_id: null, deletable: true, payload: null },
			{
				id: 4,
				name: 'photo',
				value: 'https://files.example.com/p.jpg',
				type: 1,
				schema_id: null,
				deletable: true,
				payload: null,
			},
		]);
	});

	test('created_at is ISO 8601 in UTC', async () => {
		const { bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot, { created_at: '2023-12-31T23:30:00-02:00' });
		expect(contact.created_at).toBe('2024-01-01T01:30:00.000Z');
	});
});

describe('POST /admin/v1/contacts', () => {
	test('a non-preview contact is a new subscriber; a preview one is not', async () => {
		const { bot } = await createUserWithBot(t);
		await createContact(t, bot);
		await createContact(t, bot, { messenger: 'web' });
		await createContact(t, bot, { is_preview: true });
		expect(await subscribersOf(bot)).toBe(2);
	});

	test('a messenger ID already held in the bot is a 422 on that ID (no create-or-update here)', async () => {
		const { bot } = await createUserWithBot(t);
		const telegramId = randomMessengerId();
		await createContact(t, bot, { telegram_id: telegramId });
		const res = await t.admin.request('POST', '/contacts', {
			bot_id: bot.id,
			messenger: 'telegram',
			name: 'Dup',
			telegram_id: telegramId,
		});
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors)).toEqual(['telegram_id']);
		expect(await subscribersOf(bot)).toBe(1);
	});

	test.each([
		[{ telegram_id: null }, ['telegram_id']],
		[{ messenger: 'max', max_id: 'x' }, ['max_id']],
		[{ messenger: 'sms' }, ['messenger']],
		[{ bot_id: 'one' }, ['bot_id']],
		[{ created_at: 'yesterday' }, ['created_at']],
		[
			{
				variables: [
					{ name: 'a', value: '1' },
					{ name: 'a', value: '2' },
				],
			},
			['variables'],
		],
		[{ variables: [{ value: '1', type: 9 }] }, ['variables.0.name', 'variables.0.type']],
		[{ tags: ['x'.repeat(256)] }, ['tags.0']],
		[{ is_preview: 'maybe' }, ['is_preview']],
	])('%j is refused with 422 on %j', async (override, keys) => {
		const { bot } = await createUserWithBot(t);
		const res = await t.admin.request('POST', '/contacts', {
			bot_id: bot.id,
			messenger: 'telegram',
			name: 'N',
			telegram_id: 5,
			...override,
		});
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors).sort()).toEqual(keys);
	});

	test('an unknown or deleted bot is a 422 on bot_id', async () => {
		const { bot } = await createUserWithBot(t);
		await t.admin.expect(204, 'DELETE', `/bots/${bot.id}`);
		for (const botId of [bot.id, 123_456_789]) {
			const res = await t.admin.request('POST', '/contacts', { bot_id: botId, messenger: 'web', name: 'N' });
			expect(res.status).toBe(422);
			expect(Object.keys(res.data.errors)).toEqual(['bot_id']);
		}
	});
});

describe('DELETE /admin/v1/contacts/:id', () => {
	test('204, then 404; the bot loses the subscriber once, and the messenger ID is free again', async () => {
		const { bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		expect(await subscribersOf(bot)).toBe(1);
		const [first, second] = await Promise.all([
			t.admin.request('DELETE', `/contacts/${contact.id}`),
			t.admin.request('DELETE', `/contacts/${contact.id}`),
		]);
		expect([first.status, second.status].sort()).toEqual([204, 404]);
		expect(await subscribersOf(bot)).toBe(0);
		const again = await createContact(t, bot, { telegram_id: contact.telegram_id });
		expect(again.id).not.toBe(contact.id);
	});

	test('a malformed or unknown ID is 404', async () => {
		for (const id of ['abc', '-1', '999999999']) {
			const res = await t.admin.request('DELETE', `/contacts/${id}`);
			expect(res.status).toBe(404);
		}
	});
});
