/** Contact accounts (§2.3, §3, §4.9–4.13, §7.3, §8): shape, rules, bounds, access, languages, verbs, journal. */
import { contactAccountFixture } from '../../support/contact-accounts';
import { startTestServer, type TestServer } from '../../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§7.1 texts follow Accept-Language; codes and keys do not', () => {
	const ru = { headers: { 'Accept-Language': 'ru-RU,ru;q=0.9,en;q=0.5' } };
	const CYRILLIC = /[а-яё]/i;

	test('§7.1 §4.13 insufficient_funds and account_blocked in Russian', async () => {
		const fixture = await contactAccountFixture(t, { balance: 15025 });
		const params = { account_id: fixture.accountId, amount: 20000, description: 'x' };
		const en = await fixture.owner.api.call('withdrawFundsFromContactAccount', params);
		const inRussian = await fixture.owner.api.call('withdrawFundsFromContactAccount', params, ru);
		expect(inRussian.status).toBe(422);
		expect(inRussian.data.code).toBe(en.data.code);
		expect(Object.keys(inRussian.data.errors)).toEqual(Object.keys(en.data.errors));
		expect(inRussian.data.message).toMatch(CYRILLIC);
		expect(inRussian.data.message).toContain('150.25 USD');
		expect(en.data.message).not.toMatch(CYRILLIC);

		await t.admin.expect(200, 'POST', `/contact-accounts/${fixture.accountId}/block`);
		const blocked = await fixture.owner.api.call('withdrawFundsFromContactAccount', params, ru);
		expect(blocked.data).toEqual({
			message: expect.stringMatching(CYRILLIC),
			code: 'account_blocked',
			errors: { account_id: [blocked.data.message] },
		});
	});

	test('§7.1 currency_exists, account_not_empty, validation and 404 texts in Russian', async () => {
		const fixture = await contactAccountFixture(t, { balance: 1 });
		const exists = await fixture.owner.api.call('addContactAccount', { contact_id: fixture.contact.id, currency: 'USD' }, ru);
		expect(exists.data).toEqual({
			message: expect.stringMatching(CYRILLIC),
			code: 'currency_exists',
			errors: { currency: [exists.data.message] },
		});

		const notEmpty = await fixture.owner.api.call('deleteContactAccount', { account_id: fixture.accountId }, ru);
		expect(notEmpty.data).toEqual({
			message: expect.stringMatching(CYRILLIC),
			code: 'account_not_empty',
			errors: { account_id: [notEmpty.data.message] },
		});

		const invalid = await fixture.owner.api.call('addFundsToContactAccount', { account_id: fixture.accountId, amount: 0 }, ru);
		expect(invalid.status).toBe(422);
		expect(Object.keys(invalid.data.errors).sort()).toEqual(['amount', 'description']);
		for (const text of Object.values<string[]>(invalid.data.errors).flat()) expect(text).toMatch(CYRILLIC);

		const badCurrency = await fixture.owner.api.call(
			'addContactAccount',
			{ contact_id: fixture.contact.id, currency: 'usd' },
			ru,
		);
		expect(badCurrency.data.errors.currency[0]).toMatch(CYRILLIC);

		const missing = await fixture.owner.api.call('deleteContactAccount', { account_id: 987_654_321 }, ru);
		expect(missing.status).toBe(404);
		expect(missing.data.error).toMatch(CYRILLIC);
	});
});
