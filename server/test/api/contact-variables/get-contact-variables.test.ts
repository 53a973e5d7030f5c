/** getContactVariables (§11.3). */
import { createUserWithBot, createContact } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';
import { contactVariablesOf, item } from './helpers';
import { documentsSpecParameters } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§11.3 getContactVariables', () => {
	test('§11.3 §14.6 the variables in ID order, in the CleverApp/Watbot shape, with the IDs of the contact object', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot, {
			variables: [
				{ name: 'city', value: 'Kazan' },
				{ name: 'utm_source', value: 'ads' },
			],
		});
		const res = await owner.api.call('getContactVariables', { contact_id: contact.id });
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ data: [item(1, 'city', 'Kazan', true), item(2, 'utm_source', 'ads', true)] });
		const own = await contactVariablesOf(owner, bot.id, contact.id);
		expect(own.map((v: { id: number; name: string }) => [v.id, v.name])).toEqual([
			[1, 'city'],
			[2, 'utm_source'],
		]);
	});

	test('§11.3 §14.1 a contact without variables: an empty list, by GET query and by form POST too', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		for (const options of [{}, { verb: 'GET' as const }, { as: 'form' as const }]) {
			expect((await owner.api.call('getContactVariables', { contact_id: contact.id }, options)).data).toEqual({ data: [] });
		}
	});

	test('§11.3 §11.6 contact_id missing: 422 with errors.contact_id', async () => {
		const { user: owner } = await createUserWithBot(t);
		const res = await owner.api.call('getContactVariables', {});
		expect(res.status).toBe(422);
		expect(res.data).toEqual({ message: expect.any(String), errors: { contact_id: [expect.any(String)] } });
	});
});

documentsSpecParameters('getContactVariables', () => t, [['contact_id', true, 'integer', { minimum: 1 }]]);

countsCommands('getContactVariables', async (server) => {
	const { user, bot } = await createUserWithBot(server);
	const contact = await createContact(server, bot, { variables: [{ name: 'city', value: 'Kazan' }] });
	return { user, status: 200, call: () => user.api.call('getContactVariables', { contact_id: contact.id }) };
});
