/** deleteContactAccount (§4.11). */
import { contactAccountFixture, accountsOf, debit, topUp, expectUnchanged } from '../../support/contact-accounts';
import { createUser, createUserWithBot, createContact, createContactAccountForTest } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';
import { documentsSpecParameters } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§4.11 deleteContactAccount', () => {
	test('§4.11 an empty account is deleted: 204 with no body; it is gone and its currency can be opened again', async () => {
		const fixture = await contactAccountFixture(t);
		const res = await fixture.owner.api.call('deleteContactAccount', { account_id: fixture.accountId });
		expect(res.status).toBe(204);
		expect(res.data).toBe('');
		expect(await accountsOf(fixture.owner, fixture.contact.id)).toEqual([]);
		expect((await fixture.owner.api.call('deleteContactAccount', { account_id: fixture.accountId })).status).toBe(404);
		expect((await topUp(fixture.owner, fixture.accountId, 1)).status).toBe(404);
		const reopened = await fixture.owner.api.call('addContactAccount', { contact_id: fixture.contact.id, currency: 'USD' });
		expect(reopened.status).toBe(201);
		expect(reopened.data.data.id).not.toBe(fixture.accountId);
	});

	test('§3 §4.11 an account with a balance is 422 account_not_empty under account_id; nothing changes', async () => {
		const fixture = await contactAccountFixture(t, { balance: 1 });
		const res = await fixture.owner.api.call('deleteContactAccount', { account_id: fixture.accountId });
		expect(res.status).toBe(422);
		expect(res.data).toEqual({
			message: expect.any(String),
			code: 'account_not_empty',
			errors: { account_id: [res.data.message] },
		});
		await expectUnchanged(t, fixture, 1, 1);
	});

	test('§3 an account emptied by debits can be deleted, blocked or not', async () => {
		const fixture = await contactAccountFixture(t, { balance: 70 });
		expect((await debit(fixture.owner, fixture.accountId, 70)).status).toBe(200);
		await t.admin.expect(200, 'POST', `/contact-accounts/${fixture.accountId}/block`);
		expect((await fixture.owner.api.call('deleteContactAccount', { account_id: fixture.accountId })).status).toBe(204);
	});

	test('§4.11 account_id is required and an integer', async () => {
		const owner = await createUser(t);
		for (const params of [{}, { account_id: 'abc' }, { account_id: { $exists: true } }]) {
			const res = await owner.api.call('deleteContactAccount', params);
			expect(res.status).toBe(422);
			expect(Object.keys(res.data.errors)).toEqual(['account_id']);
		}
	});
});

documentsSpecParameters('deleteContactAccount', () => t, [['account_id', true, 'integer']]);

countsCommands('deleteContactAccount', async (server) => {
	const { user, bot } = await createUserWithBot(server);
	const empty = await createContactAccountForTest(user, await createContact(server, bot), 'EUR');
	return { user, status: 204, call: () => user.api.call('deleteContactAccount', { account_id: empty.id }) };
});
