/** addFundsToContactAccount (§4.12). */
import { ISO_WITH_OFFSET } from '../../support/formats';
import { contactAccountFixture, accountOf, journalOf, topUp } from '../../support/contact-accounts';
import { startTestServer, type TestServer } from '../../support/test-server';
import { documentsSpecParameters, STRING_255 } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';
import { createUserWithBot, createContact, createContactAccountForTest } from '../../support/factories';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§4.12 addFundsToContactAccount', () => {
	test('§4.12 §2.3 adds the amount and answers 200 with the new balance; the journal says "Deposit via API"', async () => {
		const fixture = await contactAccountFixture(t, { balance: 100 });
		const before = await accountOf(fixture);
		const res = await topUp(fixture.owner, fixture.accountId, 15025, 'Bonus for the order #42');
		expect(res.status).toBe(200);
		expect(res.data).toEqual({
			data: {
				id: fixture.accountId,
				currency: 'USD',
				amount: 15125,
				amount_note: '151.25 USD',
				created_at: before.created_at,
				updated_at: expect.stringMatching(ISO_WITH_OFFSET),
				blocked_at: null,
			},
		});
		expect(Date.parse(res.data.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
		const journal = await journalOf(t, fixture.accountId);
		expect(journal).toEqual([
			expect.objectContaining({ operation: 'Deposit via API', kind: 'deposit', amount: 100, description: 'opening balance' }),
			{
				id: expect.any(String),
				operation: 'Deposit via API',
				kind: 'deposit',
				amount: 15025,
				description: 'Bonus for the order #42',
				created_at: expect.stringMatching(ISO_WITH_OFFSET),
			},
		]);
	});

	test('§3 §4.12 a blocked account can be topped up and stays blocked', async () => {
		const fixture = await contactAccountFixture(t);
		const blocked = await t.admin.expect(200, 'POST', `/contact-accounts/${fixture.accountId}/block`);
		const res = await topUp(fixture.owner, fixture.accountId, 500);
		expect(res.status).toBe(200);
		expect(res.data.data).toMatchObject({ amount: 500, blocked_at: blocked.data.blocked_at });
	});

	test('§4.1 the string "100" in a form or a query string is read as 100', async () => {
		const fixture = await contactAccountFixture(t);
		const params = { account_id: String(fixture.accountId), amount: '100', description: 'form' };
		const form = await fixture.owner.api.call('addFundsToContactAccount', params, { as: 'form' });
		expect(form.status).toBe(200);
		expect(form.data.data.amount).toBe(100);
		const query = await fixture.owner.api.call('addFundsToContactAccount', params, { as: 'query' });
		expect(query.status).toBe(200);
		expect(query.data.data.amount).toBe(200);
	});
});

documentsSpecParameters('addFundsToContactAccount', () => t, [
	['account_id', true, 'integer'],
	['amount', true, 'integer', { minimum: 1, maximum: 1e14 }],
	['description', true, 'string', STRING_255],
]);

countsCommands('addFundsToContactAccount', async (server) => {
	const { user, bot } = await createUserWithBot(server);
	const account = await createContactAccountForTest(user, await createContact(server, bot), 'USD');
	return { user, status: 200, call: () => topUp(user, account.id, 500, 'counted') };
});
