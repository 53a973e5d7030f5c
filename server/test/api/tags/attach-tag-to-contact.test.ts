/** attachTagToContact (§10.5). */
import { createUserWithBot, createContact } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';
import { tagsOf, botTagsOf, tagIdsOf } from './helpers';
import { documentsSpecParameters, STRING_255 } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§10.5 attachTagToContact', () => {
	test('§10.5 a new name becomes a tag of the bot and of the contact: 204, seen by getContactTags and the contact (§2.4)', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		const res = await owner.api.call('attachTagToContact', { contact_id: contact.id, name: 'vip' });
		expect(res.status).toBe(204);
		expect(res.data).toBe('');
		expect(await tagsOf(owner, contact.id)).toEqual(['vip']);
		expect(await botTagsOf(owner, bot)).toEqual(['vip']);
		const exported = await owner.api.call('getContacts', { bot_id: bot.id, offset: 0, limit: 10 });
		expect(exported.data.data.find((c: { id: number }) => c.id === contact.id).tags).toEqual(['vip']);
	});

	test('§14.4 attaching twice changes nothing and answers 204', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		for (let i = 0; i < 2; i++) {
			expect((await owner.api.call('attachTagToContact', { contact_id: contact.id, name: 'vip' })).status).toBe(204);
		}
		expect(await tagsOf(owner, contact.id)).toEqual(['vip']);
		expect(await botTagsOf(owner, bot)).toEqual(['vip']);
	});

	test('§10.5 by tag_id, from the admin API; tag_id wins over name (§14.4)', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		await createContact(t, bot, { tags: ['vip', 'promo'] });
		const ids = await tagIdsOf(t, bot);
		expect(Object.keys(ids)).toEqual(['vip', 'promo']);
		const res = await owner.api.call('attachTagToContact', { contact_id: contact.id, tag_id: ids.promo, name: 'ignored' });
		expect(res.status).toBe(204);
		expect(await tagsOf(owner, contact.id)).toEqual(['promo']);
		expect(await botTagsOf(owner, bot)).toEqual(['vip', 'promo']);
	});

	test('§14.4 names are kept as sent: case, spaces inside, and characters that mean something to MongoDB', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		const names = ['VIP', 'vip', 'two words', '$set', 'a.b', 'тег'];
		for (const name of names)
			expect((await owner.api.call('attachTagToContact', { contact_id: contact.id, name })).status).toBe(204);
		expect(await tagsOf(owner, contact.id)).toEqual(names);
		expect(await botTagsOf(owner, bot)).toEqual(names);
	});
});

test('§4.1 §10.5 attachTagToContact works the same by GET with a query string and by form POST', async () => {
	const { user: owner, bot } = await createUserWithBot(t);
	const contact = await createContact(t, bot);
	expect((await owner.api.call('attachTagToContact', { contact_id: contact.id, name: 'query' }, { verb: 'GET' })).status).toBe(
		204,
	);
	expect((await owner.api.call('attachTagToContact', { contact_id: contact.id, name: 'form' }, { as: 'form' })).status).toBe(204);
	expect((await tagsOf(owner, contact.id)).sort()).toEqual(['form', 'query']);
});

documentsSpecParameters('attachTagToContact', () => t, [
	['contact_id', true, 'integer', { minimum: 1 }],
	['tag_id', false, 'integer', { minimum: 1 }],
	['name', false, 'string', STRING_255],
]);

countsCommands('attachTagToContact', {
	'new name': async (server) => {
		const { user, bot } = await createUserWithBot(server);
		const contact = await createContact(server, bot);
		return { user, status: 204, call: () => user.api.call('attachTagToContact', { contact_id: contact.id, name: 'vip' }) };
	},
	'by tag_id': async (server) => {
		const { user, bot } = await createUserWithBot(server);
		const contact = await createContact(server, bot);
		// A tag of the bot, and its ID from the admin API (where clients learn tag IDs, §10.1).
		await createContact(server, bot, { tags: ['regular'] });
		const tagId: number = (await server.admin.expect(200, 'GET', `/bots/${bot.id}`)).data.tags[0].id;
		return { user, status: 204, call: () => user.api.call('attachTagToContact', { contact_id: contact.id, tag_id: tagId }) };
	},
});
