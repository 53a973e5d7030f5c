/** Contact accounts (§2.3, §3, §4.9–4.13, §7.3, §8): shape, rules, bounds, access, languages, verbs, journal. */
import { ISO_WITH_OFFSET } from '../support/formats';
import { contactAccountFixture, accountOf, debit, journalOf, journalSum, topUp } from '../support/contact-accounts';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('admin: blocking and the journal', () => {
	test('§3 block sets blocked_at, blocking again keeps it, unblock clears it', async () => {
		const fixture = await contactAccountFixture(t, { balance: 5 });
		const blocked = await t.admin.expect(200, 'POST', `/contact-accounts/${fixture.accountId}/block`);
		expect(blocked.data).toMatchObject({ id: fixture.accountId, amount: 5, blocked_at: expect.stringMatching(ISO_WITH_OFFSET) });
		const again = await t.admin.expect(200, 'POST', `/contact-accounts/${fixture.accountId}/block`);
		expect(again.data.blocked_at).toBe(blocked.data.blocked_at);
		expect((await accountOf(fixture)).blocked_at).toBe(blocked.data.blocked_at);
		const unblocked = await t.admin.expect(200, 'POST', `/contact-accounts/${fixture.accountId}/unblock`);
		expect(unblocked.data).toMatchObject({ id: fixture.accountId, blocked_at: null });
		expect((await accountOf(fixture)).blocked_at).toBeNull();
	});

	test('the former paths under /accounts (before "account" meant the user) answer as the new ones do', async () => {
		const fixture = await contactAccountFixture(t, { balance: 5 });
		const id = fixture.accountId;
		const blocked = await t.admin.expect(200, 'POST', `/accounts/${id}/block`);
		expect(blocked.data).toEqual(await t.admin.expect(200, 'POST', `/contact-accounts/${id}/block`).then((res) => res.data));
		expect(blocked.data.blocked_at).not.toBeNull();
		const journal = await t.admin.expect(200, 'GET', `/accounts/${id}/journal`);
		expect(journal).toEqual(await t.admin.expect(200, 'GET', `/contact-accounts/${id}/journal`));
		expect(journal.data).toHaveLength(1);
		expect((await t.admin.expect(200, 'POST', `/accounts/${id}/unblock`)).data.blocked_at).toBeNull();
		for (const [verb, path] of [
			['POST', '/accounts/987654321/block'],
			['GET', '/accounts/not-a-number/journal'],
		] as const) {
			expect((await t.admin.request(verb, path)).status).toBe(404);
		}
	});

	test('unknown contact accounts are 404 on every admin path', async () => {
		for (const [verb, path] of [
			['POST', '/contact-accounts/987654321/block'],
			['POST', '/contact-accounts/987654321/unblock'],
			['GET', '/contact-accounts/987654321/journal'],
			['GET', '/contact-accounts/not-a-number/journal'],
		] as const) {
			const res = await t.admin.request(verb, path);
			expect(res.status).toBe(404);
			expect(res.data).toEqual({ error: expect.any(String) });
		}
	});

	test('§2.3 the journal lists every successful operation in order, refused ones not at all', async () => {
		const fixture = await contactAccountFixture(t);
		const { owner, accountId } = fixture;
		expect((await topUp(owner, accountId, 300, 'first')).status).toBe(200);
		expect((await debit(owner, accountId, 500, 'too much')).status).toBe(422);
		expect((await debit(owner, accountId, 120, 'second')).status).toBe(200);
		expect((await topUp(owner, accountId, 0, 'invalid')).status).toBe(422);
		await t.admin.expect(200, 'POST', `/contact-accounts/${accountId}/block`);
		expect((await debit(owner, accountId, 1, 'blocked')).status).toBe(422);
		expect((await topUp(owner, accountId, 20, 'third')).status).toBe(200);
		const journal = await journalOf(t, accountId);
		expect(journal.map(({ operation, amount, description }) => [operation, amount, description])).toEqual([
			['Deposit via API', 300, 'first'],
			['Debit via API', -120, 'second'],
			['Deposit via API', 20, 'third'],
		]);
		const times = journal.map((entry) => Date.parse(entry.created_at));
		expect(times).toEqual([...times].sort((a, b) => a - b));
		expect(journalSum(journal)).toBe((await accountOf(fixture)).amount);
		expect(journalSum(journal)).toBe(200);
	});
});
