/** getContactAccounts (§4.9). */
import { createUserWithBot, createContactAccountForTest, createContact } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';
import { documentsSpecParameters } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§4.9 getContactAccounts', () => {
	test('§4.9 lists the accounts in the order they were opened, by GET and by POST', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		const opened = [];
		for (const currency of ['RUB', 'USD', 'EUR', 'KWD']) opened.push(await createContactAccountForTest(owner, contact, currency));
		const byPost = await owner.api.call('getContactAccounts', { contact_id: contact.id });
		expect(byPost.status).toBe(200);
		expect(byPost.data.data.map((contactAccount: { currency: string }) => contactAccount.currency)).toEqual([
			'RUB',
			'USD',
			'EUR',
			'KWD',
		]);
		expect(byPost.data.data.map((contactAccount: { id: number }) => contactAccount.id)).toEqual(
			opened.map((contactAccount) => contactAccount.id),
		);
		const byGet = await owner.api.call('getContactAccounts', { contact_id: contact.id }, { verb: 'GET' });
		expect(byGet.status).toBe(200);
		expect(byGet.data).toEqual(byPost.data);
	});

	test('§4.9 a contact without accounts has an empty list', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		const res = await owner.api.call('getContactAccounts', { contact_id: contact.id }, { verb: 'GET' });
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ data: [] });
	});

	test.each([
		['missing', undefined],
		['not an integer', '1.5'],
		['text', 'abc'],
		['an operator object', { $gt: 0 }],
	])('§4.9 contact_id %s is 422 under contact_id', async (_case, contactId) => {
		const { user: owner } = await createUserWithBot(t);
		const res = await owner.api.call('getContactAccounts', contactId === undefined ? {} : { contact_id: contactId }, {
			verb: 'GET',
		});
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors)).toEqual(['contact_id']);
	});
});

documentsSpecParameters('getContactAccounts', () => t, [['contact_id', true, 'integer']]);

countsCommands('getContactAccounts', async (server) => {
	const { user, bot } = await createUserWithBot(server);
	const contact = await createContact(server, bot);
	await createContactAccountForTest(user, contact, 'EUR');
	return { user, status: 200, call: () => user.api.call('getContactAccounts', { contact_id: contact.id }) };
});
