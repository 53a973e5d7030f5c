/** Tags (§10, §14.2 to §14.5): shapes, one set with createOrUpdateContact, idempotency, access, verbs, races. */
import { createAccountWithBot, createContact, randomMessengerId, type TestAccount, type TestBot } from '../support/factories';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ApiClient } from '../support/api-client';
import { databaseUriOf, startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

const tagsOf = async (owner: TestAccount, contactId: number): Promise<string[]> => {
	const res = await owner.api.call('getContactTags', { contact_id: contactId });
	expect(res.status).toBe(200);
	return res.data.data;
};

const botTagsOf = async (owner: TestAccount, bot: TestBot): Promise<string[]> => {
	const res = await owner.api.call('getBotTags', { bot_id: bot.id });
	expect(res.status).toBe(200);
	return res.data.data;
};

/** Tag IDs are shown by the admin API (our choice, §10.1). */
const tagIdsOf = async (bot: TestBot): Promise<Record<string, number>> => {
	const { data } = await t.admin.expect(200, 'GET', `/bots/${bot.id}`);
	return Object.fromEntries(data.tags.map((tag: { id: number; name: string }) => [tag.name, tag.id]));
};

describe('§10.3 getBotTags and §10.4 getContactTags', () => {
	test('§10.4 a contact without tags has an empty list; a new bot has no tags', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot);
		expect(await owner.api.call('getContactTags', { contact_id: contact.id })).toMatchObject({ status: 200, data: { data: [] } });
		expect(await owner.api.call('getBotTags', { bot_id: bot.id })).toMatchObject({ status: 200, data: { data: [] } });
	});

	test('§10.3 §10.4 §14.1 GET with a query string, and a form POST, answer the same', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot, { tags: ['warm', 'ads'] });
		for (const options of [{ verb: 'GET' as const }, { as: 'form' as const }]) {
			expect((await owner.api.call('getContactTags', { contact_id: contact.id }, options)).data).toEqual({
				data: ['warm', 'ads'],
			});
			expect((await owner.api.call('getBotTags', { bot_id: bot.id }, options)).data).toEqual({ data: ['warm', 'ads'] });
		}
	});

	test('§10.3 the bot lists its tags in the order they were made, also those no contact has any more', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot);
		for (const name of ['vip', 'promo', 'warm']) {
			expect((await owner.api.call('attachTagToContact', { contact_id: contact.id, name })).status).toBe(204);
		}
		expect((await owner.api.call('detachTagFromContact', { contact_id: contact.id, name: 'promo' })).status).toBe(204);
		expect(await botTagsOf(owner, bot)).toEqual(['vip', 'promo', 'warm']);
		expect(await tagsOf(owner, contact.id)).toEqual(['vip', 'warm']);
	});

	test.each([
		['missing', {}],
		['not an integer', { bot_id: 'abc' }],
		['an operator object', { bot_id: { $gt: 0 } }],
	])('§10.7 bot_id %s is 422 under bot_id', async (_case, params) => {
		const { account: owner } = await createAccountWithBot(t);
		const res = await owner.api.call('getBotTags', params);
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors)).toEqual(['bot_id']);
	});

	test('§10.7 contact_id missing is 422 under contact_id', async () => {
		const { account: owner } = await createAccountWithBot(t);
		const res = await owner.api.call('getContactTags', {});
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors)).toEqual(['contact_id']);
	});
});

describe('§10.5 attachTagToContact and §10.6 detachTagFromContact', () => {
	test('§10.5 a new name becomes a tag of the bot and of the contact: 204, seen by getContactTags and the contact (§2.4)', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot);
		const res = await owner.api.call('attachTagToContact', { contact_id: contact.id, name: 'vip' });
		expect(res.status).toBe(204);
		expect(res.data).toBe('');
		expect(await tagsOf(owner, contact.id)).toEqual(['vip']);
		expect(await botTagsOf(owner, bot)).toEqual(['vip']);
		const exported = await owner.api.call('getContacts', { bot_id: bot.id, offset: 0, limit: 10 });
		expect(exported.data.data.find((c: { id: number }) => c.id === contact.id).tags).toEqual(['vip']);
	});

	test('§14.4 attaching twice and detaching an absent tag change nothing and answer 204', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot);
		for (let i = 0; i < 2; i++) {
			expect((await owner.api.call('attachTagToContact', { contact_id: contact.id, name: 'vip' })).status).toBe(204);
		}
		expect(await tagsOf(owner, contact.id)).toEqual(['vip']);
		expect(await botTagsOf(owner, bot)).toEqual(['vip']);
		for (let i = 0; i < 2; i++) {
			expect((await owner.api.call('detachTagFromContact', { contact_id: contact.id, name: 'vip' })).status).toBe(204);
		}
		expect((await owner.api.call('detachTagFromContact', { contact_id: contact.id, name: 'never-made' })).status).toBe(204);
		expect(await tagsOf(owner, contact.id)).toEqual([]);
		expect(await botTagsOf(owner, bot)).toEqual(['vip']);
	});

	test('§10.5 §10.6 by tag_id, from the admin API; tag_id wins over name (§14.4)', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot);
		const other = await createContact(t, bot, { tags: ['vip', 'promo'] });
		const ids = await tagIdsOf(bot);
		expect(Object.keys(ids)).toEqual(['vip', 'promo']);
		const res = await owner.api.call('attachTagToContact', { contact_id: contact.id, tag_id: ids.promo, name: 'ignored' });
		expect(res.status).toBe(204);
		expect(await tagsOf(owner, contact.id)).toEqual(['promo']);
		expect(
			(await owner.api.call('detachTagFromContact', { contact_id: other.id, tag_id: String(ids.vip) }, { as: 'form' })).status,
		).toBe(204);
		expect(await tagsOf(owner, other.id)).toEqual(['promo']);
		expect(await botTagsOf(owner, bot)).toEqual(['vip', 'promo']);
	});

	test("§14.4 an unknown tag_id, or another bot's, is 422 under tag_id, and nothing changes", async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const { bot: strangerBot } = await createAccountWithBot(t);
		await createContact(t, strangerBot, { tags: ['theirs'] });
		const theirs = (await tagIdsOf(strangerBot)).theirs;
		const contact = await createContact(t, bot, { tags: ['mine'] });
		const mine = (await tagIdsOf(bot)).mine;
		for (const method of ['attachTagToContact', 'detachTagFromContact']) {
			for (const tagId of [theirs, mine + 1, 999_999_999]) {
				const res = await owner.api.call(method, { contact_id: contact.id, tag_id: tagId });
				expect({ method, tagId, status: res.status, keys: Object.keys(res.data.errors ?? {}) }).toEqual({
					method,
					tagId,
					status: 422,
					keys: ['tag_id'],
				});
			}
		}
		expect(await tagsOf(owner, contact.id)).toEqual(['mine']);
		expect(await botTagsOf(owner, bot)).toEqual(['mine']);
	});

	test('§10.7 neither tag_id nor name: 422 under both keys; a name over 255 characters: 422 under name', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot);
		for (const method of ['attachTagToContact', 'detachTagFromContact']) {
			const none = await owner.api.call(method, { contact_id: contact.id, name: '' });
			expect(none.status).toBe(422);
			expect(Object.keys(none.data.errors).sort()).toEqual(['name', 'tag_id']);
			const long = await owner.api.call(method, { contact_id: contact.id, name: 'x'.repeat(256) });
			expect(long.status).toBe(422);
			expect(Object.keys(long.data.errors)).toEqual(['name']);
		}
		expect(await botTagsOf(owner, bot)).toEqual([]);
	});

	test('§14.4 names are kept as sent: case, spaces inside, and characters that mean something to MongoDB', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot);
		const names = ['VIP', 'vip', 'two words', '$set', 'a.b', 'тег'];
		for (const name of names)
			expect((await owner.api.call('attachTagToContact', { contact_id: contact.id, name })).status).toBe(204);
		expect(await tagsOf(owner, contact.id)).toEqual(names);
		expect(await botTagsOf(owner, bot)).toEqual(names);
	});
});

describe('§4.16 createOrUpdateContact and the tag methods see one set', () => {
	test("§4.16 tags written by createOrUpdateContact are the bot's and the contact's; attach and detach change that set", async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const telegramId = randomMessengerId();
		const upsert = (tags: string[]) =>
			owner.api.call('createOrUpdateContact', {
				bot_id: bot.id,
				messenger: 'telegram',
				name: 'Ann',
				telegram_id: telegramId,
				tags,
			});
		const created = await upsert(['a', 'b']);
		expect(created.status).toBe(201);
		const id = created.data.data.id;
		expect(await botTagsOf(owner, bot)).toEqual(['a', 'b']);
		await owner.api.call('attachTagToContact', { contact_id: id, name: 'c' });
		await owner.api.call('detachTagFromContact', { contact_id: id, name: 'a' });
		expect(await tagsOf(owner, id)).toEqual(['b', 'c']);
		const updated = await upsert(['d']);
		expect(updated.status).toBe(200);
		expect(updated.data.data.tags).toEqual(['d']);
		expect(await tagsOf(owner, id)).toEqual(['d']);
		expect(await botTagsOf(owner, bot)).toEqual(['a', 'b', 'c', 'd']);
		const ids = await tagIdsOf(bot);
		expect((await owner.api.call('detachTagFromContact', { contact_id: id, tag_id: ids.d })).status).toBe(204);
		expect(await tagsOf(owner, id)).toEqual([]);
	});
});

test("§10.1 a seed file gives its contacts' tags IDs in file order, from bot_id × 100000 + 1", async () => {
	const seed = JSON.parse(readFileSync(path.resolve(__dirname, '../../server/examples/seed.json'), 'utf8'));
	seed.contacts[1].tags = ['promo', 'vip'];
	const seeded = await startTestServer({}, undefined, seed);
	try {
		const { data } = await seeded.admin.expect(200, 'GET', '/bots/1');
		expect(data.tags).toEqual([
			{ id: 100001, name: 'vip' },
			{ id: 100002, name: 'promo' },
		]);
		const alice = new ApiClient(seeded.url, seed.users[0].api_key);
		expect((await alice.call('getBotTags', { bot_id: 1 })).data).toEqual({ data: ['vip', 'promo'] });
		expect((await alice.call('detachTagFromContact', { contact_id: 2, tag_id: 100002 })).status).toBe(204);
		expect((await alice.call('getContactTags', { contact_id: 2 })).data).toEqual({ data: ['vip'] });
	} finally {
		await seeded.close();
	}
});

describe('§14.5 access: 404 for missing or deleted, 403 for another user', () => {
	test('§14.5 a missing contact or bot is 404 with errors.contact_id or errors.bot_id', async () => {
		const { account: owner } = await createAccountWithBot(t);
		const calls: [string, Record<string, unknown>, string][] = [
			['getBotTags', { bot_id: 999_999_999 }, 'bot_id'],
			['getContactTags', { contact_id: 999_999_999 }, 'contact_id'],
			['attachTagToContact', { contact_id: 999_999_999, name: 'x' }, 'contact_id'],
			['detachTagFromContact', { contact_id: 999_999_999, name: 'x' }, 'contact_id'],
			['detachTagFromContact', { contact_id: 999_999_999, tag_id: 1 }, 'contact_id'],
		];
		for (const [method, params, key] of calls) {
			const res = await owner.api.call(method, params);
			expect({ method, status: res.status, keys: Object.keys(res.data.errors ?? {}) }).toEqual({
				method,
				status: 404,
				keys: [key],
			});
		}
	});

	test("§14.5 another user's bot and contact are 403 {error}, and nothing changes", async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const { account: stranger } = await createAccountWithBot(t);
		const contact = await createContact(t, bot, { tags: ['mine'] });
		const ids = await tagIdsOf(bot);
		const calls: [string, Record<string, unknown>][] = [
			['getBotTags', { bot_id: bot.id }],
			['getContactTags', { contact_id: contact.id }],
			['attachTagToContact', { contact_id: contact.id, name: 'theirs' }],
			['detachTagFromContact', { contact_id: contact.id, name: 'mine' }],
			['detachTagFromContact', { contact_id: contact.id, tag_id: ids.mine }],
		];
		for (const [method, params] of calls) {
			const res = await stranger.api.call(method, params);
			expect({ method, status: res.status, body: res.data }).toEqual({
				method,
				status: 403,
				body: { error: expect.any(String) },
			});
		}
		expect(await tagsOf(owner, contact.id)).toEqual(['mine']);
		expect(await botTagsOf(owner, bot)).toEqual(['mine']);
	});

	test('§14.5 a deleted contact and a deleted bot are 404', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot, { tags: ['x'] });
		await t.admin.expect(204, 'DELETE', `/bots/${bot.id}`);
		expect((await owner.api.call('getBotTags', { bot_id: bot.id })).status).toBe(404);
		expect((await owner.api.call('getContactTags', { contact_id: contact.id })).status).toBe(404);
		expect((await owner.api.call('attachTagToContact', { contact_id: contact.id, name: 'y' })).status).toBe(404);
	});
});

describe('§10.5 races', () => {
	test('20 parallel attaches of one new name to 20 contacts make one tag with one ID, on every contact', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contacts = await Promise.all(Array.from({ length: 20 }, () => createContact(t, bot)));
		const results = await Promise.all(
			contacts.map((c) => owner.api.call('attachTagToContact', { contact_id: c.id, name: 'rush' })),
		);
		expect(results.map((res) => res.status)).toEqual(Array(20).fill(204));
		expect(await botTagsOf(owner, bot)).toEqual(['rush']);
		for (const c of contacts) expect(await tagsOf(owner, c.id)).toEqual(['rush']);
	});

	test('two server instances on one database: parallel attaches of new names to one contact keep every name, each tag once', async () => {
		const other = await startTestServer({ mongodbUri: databaseUriOf(t) });
		try {
			const { account: owner, bot } = await createAccountWithBot(t);
			const contact = await createContact(t, bot);
			const names = Array.from({ length: 10 }, (_, i) => `n${i}`);
			const results = await Promise.all(
				[...names, ...names].map((name, i) =>
					(i % 2 ? owner.api.onServer(other.url) : owner.api).call('attachTagToContact', { contact_id: contact.id, name }),
				),
			);
			expect(results.map((res) => res.status)).toEqual(Array(20).fill(204));
			expect((await tagsOf(owner, contact.id)).sort()).toEqual([...names].sort());
			const ids = Object.values(await tagIdsOf(bot));
			expect(ids).toHaveLength(10);
			expect(new Set(ids).size).toBe(10);
		} finally {
			// Not `close()`: that drops the database the first instance still uses.
			await other.server.close();
		}
	});
});
