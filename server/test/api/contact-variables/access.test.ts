/** Who may use the contact variable methods (§14.5): 404 for a missing or deleted contact, 403 for another user's. */
import { createUserWithBot, createContact } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';
import { variablesOf, item } from './helpers';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§14.5 access', () => {
	test('§14.5 missing or deleted contact: 404 errors.contact_id; another user: 403 {error}; nothing changes', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const { user: stranger } = await createUserWithBot(t);
		const contact = await createContact(t, bot, { variables: [{ name: 'a', value: '1' }] });
		const calls: [string, Record<string, unknown>][] = [
			['getContactVariables', {}],
			['setContactVariable', { name: 'a', value: 'changed' }],
			['deleteContactVariable', { name: 'a' }],
		];
		for (const [method, params] of calls) {
			const missing = await owner.api.call(method, { contact_id: 999_999_999, ...params });
			expect({ method, status: missing.status, keys: Object.keys(missing.data.errors) }).toEqual({
				method,
				status: 404,
				keys: ['contact_id'],
			});
			const foreign = await stranger.api.call(method, { contact_id: contact.id, ...params });
			expect({ method, status: foreign.status, body: foreign.data }).toEqual({
				method,
				status: 403,
				body: { error: expect.any(String) },
			});
		}
		expect(await variablesOf(owner, contact.id)).toEqual([item(1, 'a', '1', true)]);
		await t.admin.expect(204, 'DELETE', `/contacts/${contact.id}`);
		for (const [method, params] of calls) {
			expect((await owner.api.call(method, { contact_id: contact.id, ...params })).status).toBe(404);
		}
	});
});
