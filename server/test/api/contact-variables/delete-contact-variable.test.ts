/** deleteContactVariable (§11.5). */
import { createUserWithBot, createContact } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';
import { variablesOf, contactVariablesOf, item } from './helpers';
import { documentsSpecParameters, STRING_255 } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§11.5 deleteContactVariable', () => {
	test('§11.5 §14.2 §4.1 by name or by id, as JSON, form or query string: 204, gone from both views', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot, {
			variables: [
				{ name: 'a', value: '1' },
				{ name: 'b', value: '2' },
				{ name: 'c', value: '3' },
				{ name: 'd', value: '4' },
			],
		});
		const byName = await owner.api.call('deleteContactVariable', { contact_id: contact.id, name: 'a' });
		expect([byName.status, byName.data]).toEqual([204, '']);
		expect((await owner.api.call('deleteContactVariable', { contact_id: contact.id, id: '3' }, { as: 'form' })).status).toBe(204);
		expect((await owner.api.call('deleteContactVariable', { contact_id: contact.id, name: 'd' }, { verb: 'GET' })).status).toBe(
			204,
		);
		expect(await variablesOf(owner, contact.id)).toEqual([item(2, 'b', '2', true)]);
		expect((await contactVariablesOf(owner, bot.id, contact.id)).map((v: { id: number }) => v.id)).toEqual([2]);
	});

	test('§14.8 id wins over name; no match is 404 under the key that chose', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot, {
			variables: [
				{ name: 'a', value: '1' },
				{ name: 'b', value: '2' },
			],
		});
		expect((await owner.api.call('deleteContactVariable', { contact_id: contact.id, id: 2, name: 'a' })).status).toBe(204);
		expect((await variablesOf(owner, contact.id)).map((v: { name: string }) => v.name)).toEqual(['a']);
		const byId = await owner.api.call('deleteContactVariable', { contact_id: contact.id, id: 2, name: 'a' });
		expect(byId.status).toBe(404);
		expect(byId.data).toEqual({ message: expect.any(String), errors: { id: [byId.data.message] } });
		const byName = await owner.api.call('deleteContactVariable', { contact_id: contact.id, name: 'zzz' });
		expect(byName.status).toBe(404);
		expect(Object.keys(byName.data.errors)).toEqual(['name']);
		expect((await variablesOf(owner, contact.id)).map((v: { name: string }) => v.name)).toEqual(['a']);
	});

	test('§11.6 neither id nor name: 422 under both', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		const res = await owner.api.call('deleteContactVariable', { contact_id: contact.id });
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors).sort()).toEqual(['id', 'name']);
	});
});

documentsSpecParameters('deleteContactVariable', () => t, [
	['contact_id', true, 'integer', { minimum: 1 }],
	['id', false, 'integer', { minimum: 1 }],
	['name', false, 'string', STRING_255],
]);

countsCommands('deleteContactVariable', async (server) => {
	const { user, bot } = await createUserWithBot(server);
	const contact = await createContact(server, bot, { variables: [{ name: 'city', value: 'Kazan' }] });
	return { user, status: 204, call: () => user.api.call('deleteContactVariable', { contact_id: contact.id, name: 'city' }) };
});
