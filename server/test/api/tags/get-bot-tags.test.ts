/** getBotTags (§10.3). */
import { createUserWithBot, createContact } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';
import { tagsOf, botTagsOf } from './helpers';
import { documentsSpecParameters } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§10.3 getBotTags and §10.4 getContactTags', () => {
	test('§10.3 §10.4 §14.1 GET with a query string, and a form POST, answer the same', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot, { tags: ['warm', 'ads'] });
		for (const options of [{ verb: 'GET' as const }, { as: 'form' as const }]) {
			expect((await owner.api.call('getContactTags', { contact_id: contact.id }, options)).data).toEqual({
				data: ['warm', 'ads'],
			});
			expect((await owner.api.call('getBotTags', { bot_id: bot.id }, options)).data).toEqual({ data: ['warm', 'ads'] });
		}
	});

	test('§10.3 the bot lists its tags in the order they were made, also those no contact has any more', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
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
		const { user: owner } = await createUserWithBot(t);
		const res = await owner.api.call('getBotTags', params);
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors)).toEqual(['bot_id']);
	});

	test('§10.7 contact_id missing is 422 under contact_id', async () => {
		const { user: owner } = await createUserWithBot(t);
		const res = await owner.api.call('getContactTags', {});
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors)).toEqual(['contact_id']);
	});
});

documentsSpecParameters('getBotTags', () => t, [['bot_id', true, 'integer', { minimum: 1 }]]);

countsCommands('getBotTags', async (server) => {
	const { user, bot } = await createUserWithBot(server);
	await createContact(server, bot, { tags: ['vip'] });
	return { user, status: 200, call: () => user.api.call('getBotTags', { bot_id: bot.id }) };
});
