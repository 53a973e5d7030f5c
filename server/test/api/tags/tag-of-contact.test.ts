/** The tag parameters attachTagToContact and detachTagFromContact share (§10.7, §14.4): `tag_id` or `name`. */
import { createUserWithBot, createContact } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';
import { tagsOf, botTagsOf, tagIdsOf } from './helpers';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§10.5 §10.6 the tag of attachTagToContact and detachTagFromContact', () => {
	test("§14.4 an unknown tag_id, or another bot's, is 422 under tag_id, and nothing changes", async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const { bot: strangerBot } = await createUserWithBot(t);
		await createContact(t, strangerBot, { tags: ['theirs'] });
		const theirs = (await tagIdsOf(t, strangerBot)).theirs;
		const contact = await createContact(t, bot, { tags: ['mine'] });
		const mine = (await tagIdsOf(t, bot)).mine;
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
		const { user: owner, bot } = await createUserWithBot(t);
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
});
