/**
 * createOrUpdateContact (§4.16, §3, §7.4, §8, §9): lookup by messenger ID, the update rules, the new-contact
 * rules, the errors, and the validation bounds, in JSON, form and query-string inputs.
 */
import {
	createUserWithBot,
	createBot,
	createContact,
	createProject,
	randomMessengerId,
	type ContactJson,
	type TestUser,
	type TestBot,
} from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';
import { documentsSpecParameters, STRING_255 } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;

beforeAll(async () => {
	t = await startTestServer();
});

afterAll(async () => {
	await t.close();
});

const subscribersOf = async (bot: TestBot): Promise<number> =>
	(await t.admin.expect(200, 'GET', `/bots/${bot.id}`)).data.subscribers_count;

const contactsOf = async (user: TestUser, bot: TestBot): Promise<ContactJson[]> => {
	const res = await user.api.call('getContacts', { bot_id: bot.id, limit: 1000 });
	expect(res.status).toBe(200);
	return res.data.data;
};

const telegramCall = (bot: TestBot, telegramId: number, extra: Record<string, unknown> = {}) => ({
	bot_id: bot.id,
	messenger: 'telegram',
	name: 'Ann',
	telegram_id: telegramId,
	...extra,
});

describe('creating (§4.16 rule 2, §3)', () => {
	test('a new Telegram contact: 201, the §2.4 shape, subscribed, and one more subscriber for the bot', async () => {
		const { user, bot } = await createUserWithBot(t);
		const telegramId = randomMessengerId();
		const before = Date.now();
		const res = await user.api.call(
			'createOrUpdateContact',
			telegramCall(bot, telegramId, {
				telegram_username: 'ann_k',
				phone: '+79001234567',
				email: 'ann@example.com',
				address: 'Main street 1',
				tags: ['vip', 'lead'],
			}),
		);
		expect(res.status).toBe(201);
		const contact: ContactJson = res.data.data;
		expect(contact).toEqual({
			id: expect.any(Number),
			bot_id: bot.id,
			phone: '79001234567',
			email: 'ann@example.com',
			name: 'Ann',
			address: 'Main street 1',
			messenger: 'telegram',
			utm: [],
			avatar: null,
			telegram_id: String(telegramId),
			telegram_username: 'ann_k',
			vk_user_id: null,
			created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
			unsubscribed_at: null,
			tags: ['vip', 'lead'],
			variables: [],
		});
		expect(Date.parse(contact.created_at)).toBeGreaterThanOrEqual(before - 1000);
		expect(await subscribersOf(bot)).toBe(1);
		expect(await contactsOf(user, bot)).toEqual([contact]);
	});

	test('the new contact gets the first message "Created from API" (§4.16 rule 2)', async () => {
		const { user, bot } = await createUserWithBot(t);
		const res = await user.api.call('createOrUpdateContact', telegramCall(bot, randomMessengerId()));
		expect(res.status).toBe(201);
		const stored = await t.server.database.models.contacts.findById(res.data.data.id).lean();
		expect(stored?.firstMessage).toBe('Created from API');
	});

	test.each([
		['max', { max_id: 1234567 }, { max_user_id: 1234567, max_username: 'maxi', vk_user_id: null }, { max_username: 'maxi' }],
		['max', { max_user_id: 7654321 }, { max_user_id: 7654321, max_username: null, vk_user_id: null }, {}],
		['vk', { vk_id: 555 }, { vk_user_id: 555 }, {}],
		['vk', { vk_user_id: 556 }, { vk_user_id: 556 }, {}],
		['viber', { viber_id: 'AbC+01/xyz==' }, { viber_id: 'AbC+01/xyz==', vk_user_id: null }, {}],
	])('a new %s contact via %j has its own messenger fields only (§2.4, §9 aliases)', async (messenger, id, fields, extra) => {
		const { user, bot } = await createUserWithBot(t);
		const res = await user.api.call('createOrUpdateContact', { bot_id: bot.id, messenger, name: 'Bob', ...id, ...extra });
		expect(res.status).toBe(201);
		const contact = res.data.data;
		expect(contact.messenger).toBe(messenger);
		for (const [key, value] of Object.entries(fields)) expect(contact[key]).toEqual(value);
		const allMessengerKeys = ['telegram_id', 'telegram_username', 'max_user_id', 'max_username', 'viber_id'];
		for (const key of allMessengerKeys) expect(key in contact).toBe(key in fields);
		expect(contact.vk_user_id).toBe(messenger === 'vk' ? Object.values(id)[0] : null);
	});

	test('max_id wins over its alias max_user_id when both are sent (§9)', async () => {
		const { user, bot } = await createUserWithBot(t);
		const res = await user.api.call('createOrUpdateContact', {
			bot_id: bot.id,
			messenger: 'max',
			name: 'M',
			max_id: 11,
			max_user_id: 22,
		});
		expect(res.status).toBe(201);
		expect(res.data.data.max_user_id).toBe(11);
		const again = await user.api.call('createOrUpdateContact', {
			bot_id: bot.id,
			messenger: 'max',
			name: 'M2',
			max_user_id: 11,
		});
		expect(again.status).toBe(200);
		expect(again.data.data.id).toBe(res.data.data.id);
	});

	test('the same number in another messenger or another bot is another contact (§4.16)', async () => {
		const { user, project, bot } = await createUserWithBot(t);
		const otherBot = await createBot(t, project);
		const id = randomMessengerId();
		const telegram = await user.api.call('createOrUpdateContact', telegramCall(bot, id));
		const max = await user.api.call('createOrUpdateContact', { bot_id: bot.id, messenger: 'max', name: 'Ann', max_id: id });
		const vk = await user.api.call('createOrUpdateContact', { bot_id: bot.id, messenger: 'vk', name: 'Ann', vk_id: id });
		const elsewhere = await user.api.call('createOrUpdateContact', telegramCall(otherBot, id));
		expect([telegram.status, max.status, vk.status, elsewhere.status]).toEqual([201, 201, 201, 201]);
		expect(new Set([telegram, max, vk, elsewhere].map((res) => res.data.data.id)).size).toBe(4);
		expect(await subscribersOf(bot)).toBe(3);
		expect(await subscribersOf(otherBot)).toBe(1);
	});

	test('a deleted contact does not block a new one with its messenger ID', async () => {
		const { user, bot } = await createUserWithBot(t);
		const id = randomMessengerId();
		const first = await user.api.call('createOrUpdateContact', telegramCall(bot, id));
		await t.admin.expect(204, 'DELETE', `/contacts/${first.data.data.id}`);
		const second = await user.api.call('createOrUpdateContact', telegramCall(bot, id, { name: 'Reborn' }));
		expect(second.status).toBe(201);
		expect(second.data.data.id).not.toBe(first.data.data.id);
		expect((await contactsOf(user, bot)).map((contact) => contact.name)).toEqual(['Reborn']);
		expect(await subscribersOf(bot)).toBe(1);
	});

	test('a preview contact with the same ID is not found: the API makes a real contact (§2.4)', async () => {
		const { user, bot } = await createUserWithBot(t);
		const id = randomMessengerId();
		const preview = await createContact(t, bot, { telegram_id: id, is_preview: true });
		const res = await user.api.call('createOrUpdateContact', telegramCall(bot, id));
		expect(res.status).toBe(201);
		expect(res.data.data.id).not.toBe(preview.id);
		expect(await contactsOf(user, bot)).toHaveLength(1);
	});
});

describe('updating (§4.16 rule 1, §3)', () => {
	async function existingContact() {
		const { user, bot } = await createUserWithBot(t);
		const telegramId = randomMessengerId();
		const created = await createContact(t, bot, {
			telegram_id: telegramId,
			telegram_username: 'old_user',
			phone: '+111111111',
			email: 'old@example.com',
			address: 'Old address',
			tags: ['a', 'b'],
			variables: [
				{ name: 'utm_source', value: 'ads' },
				{ name: 'city', value: 'Riga', type: 0 },
			],
		});
		return { user, bot, telegramId, created };
	}

	test('found by messenger ID: 200, same contact, no new subscriber; only the name changes when nothing else is passed', async () => {
		const { user, bot, telegramId, created } = await existingContact();
		expect(await subscribersOf(bot)).toBe(1);
		const res = await user.api.call('createOrUpdateContact', telegramCall(bot, telegramId, { name: 'New name' }));
		expect(res.status).toBe(200);
		expect(res.data.data).toEqual({ ...created, name: 'New name' });
		expect(await subscribersOf(bot)).toBe(1);
		expect(await contactsOf(user, bot)).toHaveLength(1);
	});

	test('empty values do not clear email, address, phone or username; variables are never touched', async () => {
		const { user, bot, telegramId, created } = await existingContact();
		const res = await user.api.call(
			'createOrUpdateContact',
			telegramCall(bot, telegramId, { name: 'N', email: '', address: '   ', phone: null, telegram_username: '' }),
		);
		expect(res.status).toBe(200);
		expect(res.data.data).toEqual({ ...created, name: 'N' });
	});

	test('passed non-empty values replace the old ones; the phone loses its plus (§4.16 rule 3)', async () => {
		const { user, bot, telegramId, created } = await existingContact();
		const res = await user.api.call(
			'createOrUpdateContact',
			telegramCall(bot, telegramId, {
				name: 'N',
				email: 'new@example.com',
				address: 'New address',
				phone: '+4915112345678',
				telegram_username: '@new_user',
				tags: ['c'],
			}),
		);
		expect(res.status).toBe(200);
		expect(res.data.data).toEqual({
			...created,
			name: 'N',
			email: 'new@example.com',
			address: 'New address',
			phone: '4915112345678',
			telegram_username: 'new_user',
			tags: ['c'],
		});
	});

	test('tags: absent or null keeps them, a list replaces them (repeats collapse), [] clears them', async () => {
		const { user, bot, telegramId } = await existingContact();
		const call = (extra: Record<string, unknown>) => user.api.call('createOrUpdateContact', telegramCall(bot, telegramId, extra));
		expect((await call({})).data.data.tags).toEqual(['a', 'b']);
		expect((await call({ tags: null })).data.data.tags).toEqual(['a', 'b']);
		expect((await call({ tags: ['x', 'y', 'x'] })).data.data.tags).toEqual(['x', 'y']);
		expect((await call({ tags: [] })).data.data.tags).toEqual([]);
	});

	test('a form or query string clears the tags with one empty item (`tags[]=`); `tags=` is "not passed"', async () => {
		const { user, bot, telegramId } = await existingContact();
		const params = { bot_id: bot.id, messenger: 'telegram', name: 'F', telegram_id: String(telegramId) };
		const untouched = await user.api.call('createOrUpdateContact', { ...params, tags: '' }, { as: 'form' });
		expect(untouched.status).toBe(200);
		expect(untouched.data.data.tags).toEqual(['a', 'b']);
		const replaced = await user.api.call('createOrUpdateContact', { ...params, tags: ['p', 'q'] }, { as: 'form' });
		expect(replaced.data.data.tags).toEqual(['p', 'q']);
		const cleared = await user.api.call('createOrUpdateContact', { ...params, tags: [''] }, { verb: 'GET' });
		expect(cleared.status).toBe(200);
		expect(cleared.data.data.tags).toEqual([]);
	});

	test('a contact created by the platform (admin) is found by its ID, in GET with a query string too (§4.1)', async () => {
		const { user, bot, telegramId, created } = await existingContact();
		const res = await user.api.call('createOrUpdateContact', telegramCall(bot, telegramId, { name: 'Q' }), { verb: 'GET' });
		expect(res.status).toBe(200);
		expect(res.data.data.id).toBe(created.id);
	});

	test('a rejected update changes nothing (§7.1)', async () => {
		const { user, bot, telegramId, created } = await existingContact();
		const res = await user.api.call('createOrUpdateContact', telegramCall(bot, telegramId, { name: 'Changed', phone: '12345' }));
		expect(res.status).toBe(422);
		expect(await contactsOf(user, bot)).toEqual([created]);
	});
});

describe('errors (§4.16, §7.4)', () => {
	test('404 with message and errors.bot_id for a foreign, unknown or deleted bot; nothing is created', async () => {
		const { user, bot } = await createUserWithBot(t);
		const stranger = await createUserWithBot(t);
		const deletedBot = await createBot(t, await createProject(t, user));
		await t.admin.expect(204, 'DELETE', `/bots/${deletedBot.id}`);
		for (const botId of [stranger.bot.id, 99_999_999, deletedBot.id]) {
			const res = await user.api.call('createOrUpdateContact', {
				bot_id: botId,
				messenger: 'telegram',
				name: 'X',
				telegram_id: 1,
			});
			expect(res.status).toBe(404);
			expect(res.data).toEqual({ message: expect.any(String), errors: { bot_id: [expect.any(String)] } });
		}
		expect(await contactsOf(stranger.user, stranger.bot)).toEqual([]);
		expect(await subscribersOf(stranger.bot)).toBe(0);
		expect(await contactsOf(user, bot)).toEqual([]);
	});

	test.each([
		['telegram', 'telegram_id'],
		['max', 'max_id'],
		['vk', 'vk_id'],
		['viber', 'viber_id'],
	])('422 on %s without its ID, under %s', async (messenger, key) => {
		const { user, bot } = await createUserWithBot(t);
		const res = await user.api.call('createOrUpdateContact', { bot_id: bot.id, messenger, name: 'X', [key]: '' });
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors)).toEqual([key]);
		expect(res.data.message).toEqual(expect.any(String));
	});

	test('422 for web (API contacts are messenger contacts), a missing name, bot_id or messenger', async () => {
		const { user, bot } = await createUserWithBot(t);
		const web = await user.api.call('createOrUpdateContact', { bot_id: bot.id, messenger: 'web', name: 'W' });
		expect(web.status).toBe(422);
		expect(Object.keys(web.data.errors)).toEqual(['messenger']);
		const empty = await user.api.call('createOrUpdateContact', {});
		expect(empty.status).toBe(422);
		expect(Object.keys(empty.data.errors).sort()).toEqual(['bot_id', 'messenger', 'name']);
	});

	test('every failed field is listed at once (§7.1)', async () => {
		const { user, bot } = await createUserWithBot(t);
		const res = await user.api.call('createOrUpdateContact', {
			bot_id: bot.id,
			messenger: 'telegram',
			name: 'X',
			phone: '79001234567',
			email: 'not-an-email',
			tags: 'vip',
		});
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors).sort()).toEqual(['email', 'phone', 'tags', 'telegram_id']);
		expect(await contactsOf(user, bot)).toEqual([]);
	});

	test('messages follow Accept-Language (§7.1)', async () => {
		const { user, bot } = await createUserWithBot(t);
		const ru = { headers: { 'Accept-Language': 'ru' } };
		const missing = await user.api.call('createOrUpdateContact', { bot_id: bot.id, messenger: 'telegram', name: 'X' }, ru);
		expect(missing.data.errors.telegram_id[0]).toMatch(/обязательно/);
		const unknownBot = await user.api.call('createOrUpdateContact', telegramCall({ ...bot, id: 99_999_998 }, 1), ru);
		expect(unknownBot.data.message).toBe('Бот не найден.');
	});
});

describe('validation bounds (§4.16, §8)', () => {
	let user: TestUser;
	let bot: TestBot;

	beforeAll(async () => {
		({ user, bot } = await createUserWithBot(t));
	});

	const attempt = (extra: Record<string, unknown>) =>
		user.api.call('createOrUpdateContact', telegramCall(bot, randomMessengerId(), extra));

	test.each([
		['+1234567', 422],
		['+12345678', 201],
		['+123456789012345', 201],
		['+1234567890123456', 422],
		['79001234567', 422],
		['+7900123456a', 422],
		['+7 900 123 45 67', 422],
	])('phone %s (%#) gives %i', async (phone, status) => {
		const res = await attempt({ phone });
		expect(res.status).toBe(status);
		if (status === 422) expect(Object.keys(res.data.errors)).toEqual(['phone']);
		else expect(res.data.data.phone).toBe(phone.slice(1));
	});

	test('tags: 100 pass, 101 fail under tags; 255 characters pass, 256 fail under tags.N', async () => {
		const tags = (n: number) => Array.from({ length: n }, (_, i) => `tag${i}`);
		expect((await attempt({ tags: tags(100) })).data.data.tags).toHaveLength(100);
		const tooMany = await attempt({ tags: tags(101) });
		expect(tooMany.status).toBe(422);
		expect(Object.keys(tooMany.data.errors)).toEqual(['tags']);
		expect((await attempt({ tags: ['t'.repeat(255)] })).status).toBe(201);
		const tooLong = await attempt({ tags: ['ok', 't'.repeat(256)] });
		expect(tooLong.status).toBe(422);
		expect(Object.keys(tooLong.data.errors)).toEqual(['tags.1']);
	});

	test('101 tags are refused from a form too', async () => {
		const tags = Array.from({ length: 101 }, (_, i) => `tag${i}`);
		const res = await user.api.call('createOrUpdateContact', telegramCall(bot, randomMessengerId(), { tags }), { as: 'form' });
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors)).toEqual(['tags']);
	});

	test.each(['telegram_username', 'address', 'name'])('%s: 255 characters pass, 256 fail', async (field) => {
		expect((await attempt({ [field]: 'u'.repeat(255) })).status).toBe(201);
		const res = await attempt({ [field]: 'u'.repeat(256) });
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors)).toEqual([field]);
	});

	test('max_username and viber_id: 255 characters pass, 256 fail', async () => {
		const max = (name: string) =>
			user.api.call('createOrUpdateContact', {
				bot_id: bot.id,
				messenger: 'max',
				name: 'M',
				max_id: randomMessengerId(),
				max_username: name,
			});
		expect((await max('m'.repeat(255))).status).toBe(201);
		expect(Object.keys((await max('m'.repeat(256))).data.errors)).toEqual(['max_username']);
		const viber = (id: string) =>
			user.api.call('createOrUpdateContact', { bot_id: bot.id, messenger: 'viber', name: 'V', viber_id: id });
		expect((await viber(`${randomMessengerId()}`.padEnd(255, 'v'))).status).toBe(201);
		expect(Object.keys((await viber('v'.repeat(256))).data.errors)).toEqual(['viber_id']);
	});

	test.each(['ann@example.com', 'a.b+c@sub.example.org'])('email %s is accepted', async (email) => {
		expect((await attempt({ email })).status).toBe(201);
	});

	test.each(['ann', 'ann@', '@example.com', 'ann@example', 'a b@example.com'])(
		'email %s is refused under email',
		async (email) => {
			const res = await attempt({ email });
			expect(res.status).toBe(422);
			expect(Object.keys(res.data.errors)).toEqual(['email']);
		},
	);

	test.each([0, -5, 1.5, 'abc', '12abc', 2 ** 53])('telegram_id %p is refused', async (telegramId) => {
		const res = await user.api.call('createOrUpdateContact', telegramCall(bot, 0, { telegram_id: telegramId }));
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors)).toEqual(['telegram_id']);
	});
});

describe('form, query string and operator injection (§4.1, §7.1)', () => {
	test('a form body and a GET query string work like JSON, IDs as decimal strings', async () => {
		const { user, bot } = await createUserWithBot(t);
		const telegramId = randomMessengerId();
		const params = {
			bot_id: String(bot.id),
			messenger: 'telegram',
			name: 'Form',
			telegram_id: String(telegramId),
			tags: ['a', 'b'],
		};
		const created = await user.api.call('createOrUpdateContact', params, { as: 'form' });
		expect(created.status).toBe(201);
		expect(created.data.data).toMatchObject({ telegram_id: String(telegramId), tags: ['a', 'b'], name: 'Form' });
		const updated = await user.api.call('createOrUpdateContact', { ...params, name: 'Query', tags: undefined }, { verb: 'GET' });
		expect(updated.status).toBe(200);
		expect(updated.data.data).toMatchObject({ id: created.data.data.id, name: 'Query', tags: ['a', 'b'] });
	});

	test('operators instead of values are refused with 422 and change nothing', async () => {
		const { user, bot } = await createUserWithBot(t);
		const existing = await createContact(t, bot);
		const injections: [Record<string, unknown>, string][] = [
			[{ telegram_id: { $gt: 0 } }, 'telegram_id'],
			[{ telegram_id: existing.telegram_id, bot_id: { $ne: 0 } }, 'bot_id'],
			[{ telegram_id: existing.telegram_id, name: { $ne: null } }, 'name'],
			[{ telegram_id: existing.telegram_id, tags: { $set: ['x'] } }, 'tags'],
			[{ telegram_id: existing.telegram_id, email: { $regex: '.*' } }, 'email'],
		];
		for (const [injection, key] of injections) {
			for (const as of ['json', 'query'] as const) {
				const params = { bot_id: bot.id, messenger: 'telegram', name: 'Evil', ...injection };
				const res = await user.api.call('createOrUpdateContact', params, as === 'query' ? { verb: 'GET' } : {});
				expect(res.status).toBe(422);
				expect(Object.keys(res.data.errors)).toContain(key);
			}
		}
		expect(await contactsOf(user, bot)).toEqual([existing]);
	});
});

test('§4.1 §4.16 createOrUpdateContact creates and updates the same by GET with a query string and by form POST', async () => {
	const { user, bot } = await createUserWithBot(t);
	for (const options of [{ verb: 'GET' }, { as: 'form' }] as const) {
		const params = telegramCall(bot, randomMessengerId(), { name: 'First' });
		const created = await user.api.call('createOrUpdateContact', params, options);
		expect(created).toMatchObject({ status: 201, data: { data: { name: 'First' } } });
		const updated = await user.api.call('createOrUpdateContact', { ...params, name: 'Second' }, options);
		expect(updated).toMatchObject({ status: 200, data: { data: { id: created.data.data.id, name: 'Second' } } });
	}
});

documentsSpecParameters('createOrUpdateContact', () => t, [
	['bot_id', true, 'integer'],
	['messenger', true, 'string', { enum: ['telegram', 'max', 'viber', 'vk'] }],
	['name', true, 'string', STRING_255],
	['telegram_id', false, 'integer'],
	['telegram_username', false, 'string', STRING_255],
	['max_id', false, 'integer'],
	['max_user_id', false, 'integer'],
	['max_username', false, 'string', STRING_255],
	['vk_id', false, 'integer'],
	['vk_user_id', false, 'integer'],
	['viber_id', false, 'string', STRING_255],
	['phone', false, 'string', { pattern: '^\\+\\d{8,15}$' }],
	['email', false, 'string', { format: 'email', ...STRING_255 }],
	['address', false, 'string', STRING_255],
	['tags', false, 'array', { maxItems: 100 }],
]);

countsCommands('createOrUpdateContact', {
	update: async (server) => {
		const { user, bot } = await createUserWithBot(server);
		const contact = await createContact(server, bot);
		const params = { bot_id: bot.id, messenger: 'telegram', name: 'Ann', telegram_id: contact.telegram_id };
		return { user, status: 200, call: () => user.api.call('createOrUpdateContact', params) };
	},
	create: async (server) => {
		const { user, bot } = await createUserWithBot(server);
		const params = { bot_id: bot.id, messenger: 'telegram', name: 'Ann', telegram_id: randomMessengerId() };
		return { user, status: 201, call: () => user.api.call('createOrUpdateContact', params) };
	},
});
