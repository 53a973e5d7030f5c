/** Who may use the tag methods (§14.5): 404 for a missing or deleted contact or bot, 403 for another user's. */
import { createUserWithBot, createContact } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';
import { tagsOf, botTagsOf, tagIdsOf } from './helpers';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§14.5 access: 404 for missing or deleted, 403 for another user', () => {
	test('§14.5 a missing contact or bot is 404 with errors.contact_id or errors.bot_id', async () => {
		const { user: owner } = await createUserWithBot(t);
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
		const { user: owner, bot } = await createUserWithBot(t);
		const { user: stranger } = await createUserWithBot(t);
		const contact = await createContact(t, bot, { tags: ['mine'] });
		const ids = await tagIdsOf(t, bot);
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
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot, { tags: ['x'] });
		await t.admin.expect(204, 'DELETE', `/bots/${bot.id}`);
		expect((await owner.api.call('getBotTags', { bot_id: bot.id })).status).toBe(404);
		expect((await owner.api.call('getContactTags', { contact_id: contact.id })).status).toBe(404);
		expect((await owner.api.call('attachTagToContact', { contact_id: contact.id, name: 'y' })).status).toBe(404);
	});
});
