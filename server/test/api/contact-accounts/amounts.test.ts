/** Contact accounts (§2.3, §3, §4.9–4.13, §7.3, §8): shape, rules, bounds, access, languages, verbs, journal. */
import { MAX_BALANCE } from '../../../src/domain/contact-accounts/limits';
import { contactAccountFixture, accountOf, debit, journalOf, topUp, expectUnchanged } from '../../support/contact-accounts';
import { createUser } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

const MONEY_METHODS = ['addFundsToContactAccount', 'withdrawFundsFromContactAccount'] as const;

describe('§2.3 amount_note', () => {
	test.each([
		['USD', 15025, '150.25 USD'],
		['USD', 5, '0.05 USD'],
		['JPY', 1500, '1500 JPY'],
		['KWD', 1500, '1.500 KWD'],
		['EUR', 100_000_000_000_000, '1000000000000.00 EUR'],
		// ISO 4217's minor units, not CLDR's (which has 0 for HUF, IDR, COP and IQD).
		['HUF', 1234567, '12345.67 HUF'],
		['IDR', 1234567, '12345.67 IDR'],
		['COP', 1234567, '12345.67 COP'],
		['IQD', 1234567, '1234.567 IQD'],
		['CLF', 12345, '1.2345 CLF'],
	])('§2.3 %s %i is shown as "%s" using the real minor units', async (currency, amount, note) => {
		const fixture = await contactAccountFixture(t, { currency, balance: amount });
		expect(await accountOf(fixture)).toMatchObject({ amount, amount_note: note });
	});
});

describe('§4.12 §4.13 amounts past the safe integers', () => {
	test.each(MONEY_METHODS)('%s refuses 1e20 and -1e20 with the one limit it has, not two; nothing changes', async (method) => {
		const fixture = await contactAccountFixture(t, { balance: 100 });
		const call = method === 'addFundsToContactAccount' ? topUp : debit;
		const tooBig = await call(fixture.owner, fixture.accountId, 1e20);
		expect(tooBig.status).toBe(422);
		expect(tooBig.data.errors).toEqual({ amount: [expect.stringMatching(/must not be greater than 100000000000000\.$/)] });
		expect(tooBig.data.message).toBe(tooBig.data.errors.amount[0]);
		const negative = await call(fixture.owner, fixture.accountId, -1e20);
		expect(negative.status).toBe(422);
		expect(negative.data.errors).toEqual({ amount: [expect.stringMatching(/must be at least 1\.$/)] });
		await expectUnchanged(t, fixture, 100, 1);
	});
});

describe('§2.3 §8 amounts and descriptions of top-ups and debits', () => {
	describe.each(MONEY_METHODS)('%s', (method) => {
		test.each([
			['1 (the minimum)', 1],
			['10^14 (the maximum)', 100_000_000_000_000],
		])('§2.3 §8 an amount of %s is accepted', async (_case, amount) => {
			const fixture = await contactAccountFixture(t, {
				balance: method === 'withdrawFundsFromContactAccount' ? 100_000_000_000_000 : 0,
			});
			const res = await fixture.owner.api.call(method, { account_id: fixture.accountId, amount, description: 'bound' });
			expect(res.status).toBe(200);
		});

		test.each([
			['0', 0],
			['-1', -1],
			['10^14 + 1', 100_000_000_000_001],
			['1.5', 1.5],
			['"1.5"', '1.5'],
			['"abc"', 'abc'],
			['"1e3"', '1e3'],
			['true', true],
			['missing', undefined],
			['empty', ''],
			['an operator object', { $gt: 0 }],
			['an array', [5]],
		])('§7.3 §8 an amount of %s is 422 under amount; nothing changes', async (_case, amount) => {
			const fixture = await contactAccountFixture(t, { balance: 1000 });
			const res = await fixture.owner.api.call(method, { account_id: fixture.accountId, amount, description: 'bound' });
			expect(res.status).toBe(422);
			expect(Object.keys(res.data.errors)).toEqual(['amount']);
			await expectUnchanged(t, fixture, 1000, 1);
		});

		test.each([
			['missing', undefined],
			['empty', ''],
			['only spaces', '   '],
			['256 characters', 'x'.repeat(256)],
			['a number', 5],
			['an operator object', { $ne: null }],
		])('§7.3 §8 a description that is %s is 422 under description; nothing changes', async (_case, description) => {
			const fixture = await contactAccountFixture(t, { balance: 1000 });
			const res = await fixture.owner.api.call(method, { account_id: fixture.accountId, amount: 1, description });
			expect(res.status).toBe(422);
			expect(Object.keys(res.data.errors)).toEqual(['description']);
			await expectUnchanged(t, fixture, 1000, 1);
		});

		test('§8 a description of 255 characters is accepted and kept in the journal', async () => {
			const fixture = await contactAccountFixture(t, { balance: 1000 });
			const description = 'ä'.repeat(255);
			expect((await fixture.owner.api.call(method, { account_id: fixture.accountId, amount: 1, description })).status).toBe(200);
			expect((await journalOf(t, fixture.accountId)).at(-1)?.description).toBe(description);
		});

		test.each([
			['missing', undefined],
			['not an integer', 1.5],
			['text', 'abc'],
			['an operator object', { $gt: 0 }],
		])('§4.12 account_id %s is 422 under account_id', async (_case, accountId) => {
			const owner = await createUser(t);
			const res = await owner.api.call(method, { account_id: accountId, amount: 1, description: 'x' });
			expect(res.status).toBe(422);
			expect(Object.keys(res.data.errors)).toEqual(['account_id']);
		});

		test('§7.1 every failed field is listed at once', async () => {
			const owner = await createUser(t);
			const res = await owner.api.call(method, { amount: 0 });
			expect(res.status).toBe(422);
			expect(Object.keys(res.data.errors).sort()).toEqual(['account_id', 'amount', 'description']);
		});
	});

	test('§2.3 balances stay exact integers: a top-up past 2^53 − 1 is 422 under amount and changes nothing', async () => {
		const fixture = await contactAccountFixture(t);
		await t.server.database.models.contactAccounts.updateOne({ _id: fixture.accountId }, { $set: { amount: MAX_BALANCE - 10 } });
		const toCeiling = await topUp(fixture.owner, fixture.accountId, 10);
		expect(toCeiling.status).toBe(200);
		expect(toCeiling.data.data).toMatchObject({ amount: MAX_BALANCE, amount_note: '90071992547409.91 USD' });
		const beyond = await topUp(fixture.owner, fixture.accountId, 1);
		expect(beyond.status).toBe(422);
		expect(beyond.data).toEqual({
			message: expect.any(String),
			code: 'balance_limit_exceeded',
			errors: { amount: [beyond.data.message] },
		});
		expect((await accountOf(fixture)).amount).toBe(MAX_BALANCE);
		expect(await journalOf(t, fixture.accountId)).toHaveLength(1);
		// Debits still work at the ceiling.
		expect((await debit(fixture.owner, fixture.accountId, 1)).data.data.amount).toBe(MAX_BALANCE - 1);
	});
});
