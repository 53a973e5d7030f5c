/** getContactTags (§10.4). */
import { createUserWithBot, createContact } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';
import { documentsSpecParameters } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§10.3 getBotTags and §10.4 getContactTags', () => {
	test('§10.4 a contact without tags has an empty list; a new bot has no tags', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		expect(await owner.api.call('getContactTags', { contact_id: contact.id })).toMatchObject({ status: 200, data: { data: [] } });
		expect(await owner.api.call('getBotTags', { bot_id: bot.id })).toMatchObject({ status: 200, data: { data: [] } });
	});
});

test('§4.1 §10.4 getContactTags answers the same by GET with a query string and by form POST', async () => {
	const { user, bot } = await createUserWithBot(t);
	const contact = await createContact(t, bot, { tags: ['vip', 'new'] });
	const byQuery = await user.api.call('getContactTags', { contact_id: contact.id }, { verb: 'GET' });
	const byForm = await user.api.call('getContactTags', { contact_id: contact.id }, { as: 'form' });
	expect(byQuery).toMatchObject({ status: 200, data: { data: expect.arrayContaining(['vip', 'new']) } });
	expect(byForm).toMatchObject({ status: 200, data: byQuery.data });
});

documentsSpecParameters('getContactTags', () => t, [['contact_id', true, 'integer', { minimum: 1 }]]);

countsCommands('getContactTags', async (server) => {
	const { user, bot } = await createUserWithBot(server);
	const contact = await createContact(server, bot, { tags: ['vip'] });
	return { user, status: 200, call: () => user.api.call('getContactTags', { contact_id: contact.id }) };
});
