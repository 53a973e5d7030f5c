/**
 * One contact per messenger ID per bot under simultaneous calls (§4.16, §3): the racing calls agree on one
 * contact, exactly one of them answers 201, and the bot gains exactly one subscriber.
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

test('20 parallel calls with the same telegram_id: one 201, nineteen 200, one contact, one more subscriber', async () => {
	const { user, bot } = await createUserWithBot(t);
	const telegramId = randomMessengerId();
	const results = await Promise.all(
		Array.from({ length: 20 }, (_, i) =>
			user.api.call('createOrUpdateContact', {
				bot_id: bot.id,
				messenger: 'telegram',
				name: `Racer ${i}`,
				telegram_id: telegramId,
			}),
		),
	);
	const statuses = results.map((res) => res.status).sort();
	expect(statuses).toEqual([...Array(19).fill(200), 201].sort());
	expect(new Set(results.map((res) => res.data.data.id)).size).toBe(1);
	expect((await user.api.call('getNumberOfContacts', { bot_id: bot.id })).data).toEqual({ count: 1 });
	expect(await subscribersOf(bot)).toBe(1);
});

test('parallel calls with the same ID in different messengers and bots each make their own contact', async () => {
	const { user, bot } = await createUserWithBot(t);
	const id = randomMessengerId();
	const calls = ['telegram', 'max', 'vk'].flatMap((messenger) =>
		Array.from({ length: 5 }, () =>
			user.api.call('createOrUpdateContact', {
				bot_id: bot.id,
				messenger,
				name: messenger,
				[{ telegram: 'telegram_id', max: 'max_id', vk: 'vk_user_id' }[messenger] as string]: id,
			}),
		),
	);
	const results = await Promise.all(calls);
	expect(results.filter((res) => res.status === 201)).toHaveLength(3);
	expect(results.every((res) => res.status === 200 || res.status === 201)).toBe(true);
	expect(new Set(results.map((res) => res.data.data.id)).size).toBe(3);
	expect(await subscribersOf(bot)).toBe(3);
});

test('20 parallel calls with distinct IDs make 20 contacts with distinct IDs and 20 subscribers', async () => {
	const { user, bot } = await createUserWithBot(t);
	const results = await Promise.all(
		Array.from({ length: 20 }, () =>
			user.api.call('createOrUpdateContact', {
				bot_id: bot.id,
				messenger: 'telegram',
				name: 'N',
				telegram_id: randomMessengerId(),
			}),
		),
	);
	expect(results.map((res) => res.status)).toEqual(Array(20).fill(201));
	expect(new Set(results.map((res) => res.data.data.id)).size).toBe(20);
	expect(await subscribersOf(bot)).toBe(20);
});

test('updates racing an existing contact all answer 200 and leave one of the sent names', async () => {
	const { user, bot } = await createUserWithBot(t);
	const existing = await createContact(t, bot);
	const names = Array.from({ length: 20 }, (_, i) => `Name ${i}`);
	const results = await Promise.all(
		names.map((name) =>
			user.api.call('createOrUpdateContact', {
				bot_id: bot.id,
				messenger: 'telegram',
				name,
				telegram_id: existing.telegram_id,
			}),
		),
	);
	expect(results.map((res) => res.status)).toEqual(Array(20).fill(200));
	const [contact] = (await user.api.call('getContacts', { bot_id: bot.id })).data.data;
	expect(contact.id).toBe(existing.id);
	expect(names).toContain(contact.name);
	expect(await subscribersOf(bot)).toBe(1);
});

test('the admin API, racing on one messenger ID, creates it once and refuses the rest with 422', async () => {
	const { bot } = await createUserWithBot(t);
	const telegramId = randomMessengerId();
	const results = await Promise.all(
		Array.from({ length: 10 }, () =>
			t.admin.request('POST', '/contacts', { bot_id: bot.id, messenger: 'telegram', name: 'A', telegram_id: telegramId }),
		),
	);
	expect(results.filter((res) => res.status === 201)).toHaveLength(1);
	for (const res of results.filter((r) => r.status !== 201)) {
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors)).toEqual(['telegram_id']);
	}
	expect(await subscribersOf(bot)).toBe(1);
});
