/** withdrawFundsFromContactAccount (§4.13). */
import { contactAccountFixture, debit, journalOf, journalSum, expectUnchanged, topUp } from '../../support/contact-accounts';
import { startTestServer, type TestServer } from '../../support/test-server';
import { documentsSpecParameters, STRING_255 } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';
import { createUserWithBot, createContact, createContactAccountForTest } from '../../support/factories';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§4.13 withdrawFundsFromContactAccount', () => {
	test('§4.13 subtracts the amount and answers 200 with the reduced balance; the journal says "Debit via API"', async () => {
		const fixture = await contactAccountFixture(t, { balance: 1000 });
		const res = await debit(fixture.owner, fixture.accountId, 250, 'Paid for delivery');
		expect(res.status).toBe(200);
		expect(res.data.data).toMatchObject({ id: fixture.accountId, amount: 750, amount_note: '7.50 USD', blocked_at: null });
		const journal = await journalOf(t, fixture.accountId);
		expect(journal.map(({ operation, amount, description }) => ({ operation, amount, description }))).toEqual([
			{ operation: 'Deposit via API', amount: 1000, description: 'opening balance' },
			{ operation: 'Debit via API', amount: -250, description: 'Paid for delivery' },
		]);
		expect(journalSum(journal)).toBe(750);
	});

	test('§4.13 the whole balance can be debited, down to exactly 0', async () => {
		const fixture = await contactAccountFixture(t, { balance: 300 });
		const res = await debit(fixture.owner, fixture.accountId, 300);
		expect(res.status).toBe(200);
		expect(res.data.data).toMatchObject({ amount: 0, amount_note: '0.00 USD' });
	});

	test('§4.13 §7.3 more than the balance is 422 insufficient_funds under account_id, naming the balance; nothing changes', async () => {
		const fixture = await contactAccountFixture(t, { balance: 15025 });
		const res = await debit(fixture.owner, fixture.accountId, 15026);
		expect(res.status).toBe(422);
		expect(res.data).toEqual({
			message: expect.any(String),
			code: 'insufficient_funds',
			errors: { account_id: [res.data.message] },
		});
		expect(res.data.message).toContain('150.25 USD');
		await expectUnchanged(t, fixture, 15025, 1);
	});

	test('§3 §4.13 a blocked account refuses every debit with 422 account_blocked; nothing changes', async () => {
		const fixture = await contactAccountFixture(t, { balance: 1000 });
		await t.admin.expect(200, 'POST', `/contact-accounts/${fixture.accountId}/block`);
		const res = await debit(fixture.owner, fixture.accountId, 10);
		expect(res.status).toBe(422);
		expect(res.data).toEqual({
			message: expect.any(String),
			code: 'account_blocked',
			errors: { account_id: [res.data.message] },
		});
		await expectUnchanged(t, fixture, 1000, 1);
	});

	test('§4.13 the blocked check comes first: blocked and insufficient at once is account_blocked', async () => {
		const fixture = await contactAccountFixture(t, { balance: 5 });
		await t.admin.expect(200, 'POST', `/contact-accounts/${fixture.accountId}/block`);
		const res = await debit(fixture.owner, fixture.accountId, 6);
		expect(res.status).toBe(422);
		expect(res.data.code).toBe('account_blocked');
		await expectUnchanged(t, fixture, 5, 1);
	});

	test('§3 after unblocking, debits work again', async () => {
		const fixture = await contactAccountFixture(t, { balance: 50 });
		await t.admin.expect(200, 'POST', `/contact-accounts/${fixture.accountId}/block`);
		expect((await debit(fixture.owner, fixture.accountId, 10)).status).toBe(422);
		await t.admin.expect(200, 'POST', `/contact-accounts/${fixture.accountId}/unblock`);
		const res = await debit(fixture.owner, fixture.accountId, 10);
		expect(res.status).toBe(200);
		expect(res.data.data).toMatchObject({ amount: 40, blocked_at: null });
	});
});

documentsSpecParameters('withdrawFundsFromContactAccount', () => t, [
	['account_id', true, 'integer'],
	['amount', true, 'integer', { minimum: 1, maximum: 1e14 }],
	['description', true, 'string', STRING_255],
]);

countsCommands('withdrawFundsFromContactAccount', async (server) => {
	const { user, bot } = await createUserWithBot(server);
	const account = await createContactAccountForTest(user, await createContact(server, bot), 'USD');
	expect((await topUp(user, account.id, 500)).status).toBe(200);
	return { user, status: 200, call: () => debit(user, account.id, 200, 'counted') };
});
