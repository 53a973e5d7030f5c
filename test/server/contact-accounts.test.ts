/** Contact accounts (§2.3, §3, §4.9–4.13, §7.3, §8): shape, rules, bounds, access, languages, verbs, journal. */
import { ISO_WITH_OFFSET } from '../support/formats';
import { MAX_BALANCE } from '../../server/src/domain/contact-accounts/limits';
import {
	accountFixture,
	accountOf,
	accountsOf,
	debit,
	journalOf,
	journalSum,
	topUp,
	type AccountFixture,
} from '../support/contact-accounts';
import { createUser, createUserWithBot, createContactAccountForTest, createContact } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

const MONEY_METHODS = ['addFundsToContactAccount', 'withdrawFundsFromContactAccount'] as const;

/** A fixture whose account state and journal must stay as they are after a refused call. */
async function expectUnchanged(fixture: AccountFixture, amount: number, journalLength: number) {
	expect((await accountOf(fixture)).amount).toBe(amount);
	const journal = await journalOf(t, fixture.accountId);
	expect(journal).toHaveLength(journalLength);
	expect(journalSum(journal)).toBe(amount);
}

describe('§4.10 addContactAccount', () => {
	test('§4.10 §2.3 opens an empty, unblocked account: 201 with the account shape', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		const res = await owner.api.call('addContactAccount', { contact_id: contact.id, currency: 'USD' });
		expect(res.status).toBe(201);
		expect(res.data).toEqual({
			data: {
				id: expect.any(Number),
				currency: 'USD',
				amount: 0,
				amount_note: '0.00 USD',
				created_at: expect.stringMatching(ISO_WITH_OFFSET),
				updated_at: expect.stringMatching(ISO_WITH_OFFSET),
				blocked_at: null,
			},
		});
		expect(Number.isInteger(res.data.data.id)).toBe(true);
	});

	test('§9 createContactAccount is an alias of addContactAccount', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		const res = await owner.api.call('createContactAccount', { contact_id: contact.id, currency: 'EUR' });
		expect(res.status).toBe(201);
		expect(res.data.data).toMatchObject({ currency: 'EUR', amount: 0, amount_note: '0.00 EUR', blocked_at: null });
		const again = await owner.api.call('createContactAccount', { contact_id: contact.id, currency: 'EUR' });
		expect(again.status).toBe(422);
		expect(again.data.code).toBe('currency_exists');
	});

	test('§2.3 §4.10 one account per currency: a second one is 422 currency_exists under currency', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		const first = await createContactAccountForTest(owner, contact, 'USD');
		const second = await owner.api.call('addContactAccount', { contact_id: contact.id, currency: 'USD' });
		expect(second.status).toBe(422);
		expect(second.data).toEqual({
			message: expect.any(String),
			code: 'currency_exists',
			errors: { currency: [second.data.message] },
		});
		expect(await accountsOf(owner, contact.id)).toEqual([expect.objectContaining({ id: first.id, currency: 'USD' })]);
		// Another currency of the same contact, and the same currency of another contact, are fine.
		expect((await owner.api.call('addContactAccount', { contact_id: contact.id, currency: 'GBP' })).status).toBe(201);
		const other = await createContact(t, bot);
		expect((await owner.api.call('addContactAccount', { contact_id: other.id, currency: 'USD' })).status).toBe(201);
	});

	test.each([
		['lower case', 'usd'],
		['two letters', 'US'],
		['four letters', 'USDD'],
		['not a code', 'XYZ'],
		['withdrawn code', 'VEF'],
		['code withdrawn in 2023 that CLDR still lists', 'HRK'],
		['a number', 840],
		['an operator object', { $ne: null }],
		['an array', ['USD']],
	])('§4.10 a currency that is not an active capital ISO 4217 code (%s) is 422 under currency', async (_case, currency) => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		const res = await owner.api.call('addContactAccount', { contact_id: contact.id, currency });
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors)).toEqual(['currency']);
		expect(await accountsOf(owner, contact.id)).toEqual([]);
	});

	test('§4.10 both parameters are required; every failed field is listed', async () => {
		const { user: owner } = await createUserWithBot(t);
		const res = await owner.api.call('addContactAccount', {});
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors).sort()).toEqual(['contact_id', 'currency']);
	});

	test('§4.10 form fields work like JSON', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		const res = await owner.api.call('addContactAccount', { contact_id: String(contact.id), currency: 'JPY' }, { as: 'form' });
		expect(res.status).toBe(201);
		expect(res.data.data).toMatchObject({ currency: 'JPY', amount: 0, amount_note: '0 JPY' });
	});
});

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
		const fixture = await accountFixture(t, { currency, balance: amount });
		expect(await accountOf(fixture)).toMatchObject({ amount, amount_note: note });
	});
});

describe('§4.12 addFundsToContactAccount', () => {
	test('§4.12 §2.3 adds the amount and answers 200 with the new balance; the journal says "Deposit via API"', async () => {
		const fixture = await accountFixture(t, { balance: 100 });
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
		const fixture = await accountFixture(t);
		const blocked = await t.admin.expect(200, 'POST', `/contact-accounts/${fixture.accountId}/block`);
		const res = await topUp(fixture.owner, fixture.accountId, 500);
		expect(res.status).toBe(200);
		expect(res.data.data).toMatchObject({ amount: 500, blocked_at: blocked.data.blocked_at });
	});

	test('§4.1 the string "100" in a form or a query string is read as 100', async () => {
		const fixture = await accountFixture(t);
		const params = { account_id: String(fixture.accountId), amount: '100', description: 'form' };
		const form = await fixture.owner.api.call('addFundsToContactAccount', params, { as: 'form' });
		expect(form.status).toBe(200);
		expect(form.data.data.amount).toBe(100);
		const query = await fixture.owner.api.call('addFundsToContactAccount', params, { as: 'query' });
		expect(query.status).toBe(200);
		expect(query.data.data.amount).toBe(200);
	});
});

describe('§4.12 §4.13 amounts past the safe integers', () => {
	test.each(MONEY_METHODS)('%s refuses 1e20 and -1e20 with the one limit it has, not two; nothing changes', async (method) => {
		const fixture = await accountFixture(t, { balance: 100 });
		const call = method === 'addFundsToContactAccount' ? topUp : debit;
		const tooBig = await call(fixture.owner, fixture.accountId, 1e20);
		expect(tooBig.status).toBe(422);
		expect(tooBig.data.errors).toEqual({ amount: [expect.stringMatching(/must not be greater than 100000000000000\.$/)] });
		expect(tooBig.data.message).toBe(tooBig.data.errors.amount[0]);
		const negative = await call(fixture.owner, fixture.accountId, -1e20);
		expect(negative.status).toBe(422);
		expect(negative.data.errors).toEqual({ amount: [expect.stringMatching(/must be at least 1\.$/)] });
		await expectUnchanged(fixture, 100, 1);
	});
});

describe('§4.13 withdrawFundsFromContactAccount', () => {
	test('§4.13 subtracts the amount and answers 200 with the reduced balance; the journal says "Debit via API"', async () => {
		const fixture = await accountFixture(t, { balance: 1000 });
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
		const fixture = await accountFixture(t, { balance: 300 });
		const res = await debit(fixture.owner, fixture.accountId, 300);
		expect(res.status).toBe(200);
		expect(res.data.data).toMatchObject({ amount: 0, amount_note: '0.00 USD' });
	});

	test('§4.13 §7.3 more than the balance is 422 insufficient_funds under account_id, naming the balance; nothing changes', async () => {
		const fixture = await accountFixture(t, { balance: 15025 });
		const res = await debit(fixture.owner, fixture.accountId, 15026);
		expect(res.status).toBe(422);
		expect(res.data).toEqual({
			message: expect.any(String),
			code: 'insufficient_funds',
			errors: { account_id: [res.data.message] },
		});
		expect(res.data.message).toContain('150.25 USD');
		await expectUnchanged(fixture, 15025, 1);
	});

	test('§3 §4.13 a blocked account refuses every debit with 422 account_blocked; nothing changes', async () => {
		const fixture = await accountFixture(t, { balance: 1000 });
		await t.admin.expect(200, 'POST', `/contact-accounts/${fixture.accountId}/block`);
		const res = await debit(fixture.owner, fixture.accountId, 10);
		expect(res.status).toBe(422);
		expect(res.data).toEqual({
			message: expect.any(String),
			code: 'account_blocked',
			errors: { account_id: [res.data.message] },
		});
		await expectUnchanged(fixture, 1000, 1);
	});

	test('§4.13 the blocked check comes first: blocked and insufficient at once is account_blocked', async () => {
		const fixture = await accountFixture(t, { balance: 5 });
		await t.admin.expect(200, 'POST', `/contact-accounts/${fixture.accountId}/block`);
		const res = await debit(fixture.owner, fixture.accountId, 6);
		expect(res.status).toBe(422);
		expect(res.data.code).toBe('account_blocked');
		await expectUnchanged(fixture, 5, 1);
	});

	test('§3 after unblocking, debits work again', async () => {
		const fixture = await accountFixture(t, { balance: 50 });
		await t.admin.expect(200, 'POST', `/contact-accounts/${fixture.accountId}/block`);
		expect((await debit(fixture.owner, fixture.accountId, 10)).status).toBe(422);
		await t.admin.expect(200, 'POST', `/contact-accounts/${fixture.accountId}/unblock`);
		const res = await debit(fixture.owner, fixture.accountId, 10);
		expect(res.status).toBe(200);
		expect(res.data.data).toMatchObject({ amount: 40, blocked_at: null });
	});
});

describe('§2.3 §8 amounts and descriptions of top-ups and debits', () => {
	describe.each(MONEY_METHODS)('%s', (method) => {
		test.each([
			['1 (the minimum)', 1],
			['10^14 (the maximum)', 100_000_000_000_000],
		])('§2.3 §8 an amount of %s is accepted', async (_case, amount) => {
			const fixture = await accountFixture(t, {
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
			const fixture = await accountFixture(t, { balance: 1000 });
			const res = await fixture.owner.api.call(method, { account_id: fixture.accountId, amount, description: 'bound' });
			expect(res.status).toBe(422);
			expect(Object.keys(res.data.errors)).toEqual(['amount']);
			await expectUnchanged(fixture, 1000, 1);
		});

		test.each([
			['missing', undefined],
			['empty', ''],
			['only spaces', '   '],
			['256 characters', 'x'.repeat(256)],
			['a number', 5],
			['an operator object', { $ne: null }],
		])('§7.3 §8 a description that is %s is 422 under description; nothing changes', async (_case, description) => {
			const fixture = await accountFixture(t, { balance: 1000 });
			const res = await fixture.owner.api.call(method, { account_id: fixture.accountId, amount: 1, description });
			expect(res.status).toBe(422);
			expect(Object.keys(res.data.errors)).toEqual(['description']);
			await expectUnchanged(fixture, 1000, 1);
		});

		test('§8 a description of 255 characters is accepted and kept in the journal', async () => {
			const fixture = await accountFixture(t, { balance: 1000 });
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
		const fixture = await accountFixture(t);
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

describe('§4.11 deleteContactAccount', () => {
	test('§4.11 an empty account is deleted: 204 with no body; it is gone and its currency can be opened again', async () => {
		const fixture = await accountFixture(t);
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
		const fixture = await accountFixture(t, { balance: 1 });
		const res = await fixture.owner.api.call('deleteContactAccount', { account_id: fixture.accountId });
		expect(res.status).toBe(422);
		expect(res.data).toEqual({
			message: expect.any(String),
			code: 'account_not_empty',
			errors: { account_id: [res.data.message] },
		});
		await expectUnchanged(fixture, 1, 1);
	});

	test('§3 an account emptied by debits can be deleted, blocked or not', async () => {
		const fixture = await accountFixture(t, { balance: 70 });
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

describe('§7.3 access: 404 for missing or deleted, 403 for someone else', () => {
	/** Calls every account method on the fixture's contact and account. */
	async function callAll(caller: AccountFixture['owner'], fixture: AccountFixture) {
		const { contact, accountId } = fixture;
		return {
			getContactAccounts: await caller.api.call('getContactAccounts', { contact_id: contact.id }),
			addContactAccount: await caller.api.call('addContactAccount', { contact_id: contact.id, currency: 'CHF' }),
			addFundsToContactAccount: await topUp(caller, accountId, 5),
			withdrawFundsFromContactAccount: await debit(caller, accountId, 5),
			deleteContactAccount: await caller.api.call('deleteContactAccount', { account_id: accountId }),
		};
	}

	async function expectAllRefused(fixture: AccountFixture, caller: AccountFixture['owner'], status: 403 | 404) {
		const results = await callAll(caller, fixture);
		for (const [method, res] of Object.entries(results)) {
			expect({ method, status: res.status, body: res.data }).toEqual({ method, status, body: { error: expect.any(String) } });
		}
		const stored = await t.server.database.models.contactAccounts.find({ contactId: fixture.contact.id }).lean();
		expect(stored.map((contactAccount) => [contactAccount._id, contactAccount.amount])).toEqual([[fixture.accountId, 100]]);
		expect(journalSum(await journalOf(t, fixture.accountId))).toBe(100);
	}

	test('§7.3 an unknown contact or account is 404', async () => {
		const owner = await createUser(t);
		const ghost = 987_654_321;
		for (const res of [
			await owner.api.call('getContactAccounts', { contact_id: ghost }),
			await owner.api.call('addContactAccount', { contact_id: ghost, currency: 'USD' }),
			await topUp(owner, ghost, 1),
			await debit(owner, ghost, 1),
			await owner.api.call('deleteContactAccount', { account_id: ghost }),
		]) {
			expect(res.status).toBe(404);
			expect(res.data).toEqual({ error: expect.any(String) });
		}
	});

	test("§7.3 another account's contact and account are 403, and nothing changes", async () => {
		const fixture = await accountFixture(t, { balance: 100 });
		const stranger = await createUser(t);
		await expectAllRefused(fixture, stranger, 403);
	});

	test('§1 §7.3 a team member invited to the project is refused too (403)', async () => {
		const fixture = await accountFixture(t, { balance: 100 });
		const member = await createUser(t);
		await t.admin.expect(201, 'POST', `/projects/${fixture.bot.project_uuid}/members`, { user_id: member.id });
		await expectAllRefused(fixture, member, 403);
	});

	test('§7.3 a deleted contact is 404 for every method', async () => {
		const fixture = await accountFixture(t, { balance: 100 });
		await t.admin.expect(204, 'DELETE', `/contacts/${fixture.contact.id}`);
		await expectAllRefused(fixture, fixture.owner, 404);
	});

	test('§7.3 a contact of a deleted bot is 404 for every method', async () => {
		const fixture = await accountFixture(t, { balance: 100 });
		await t.admin.expect(204, 'DELETE', `/bots/${fixture.bot.id}`);
		await expectAllRefused(fixture, fixture.owner, 404);
	});
});

describe('§7.1 texts follow Accept-Language; codes and keys do not', () => {
	const ru = { headers: { 'Accept-Language': 'ru-RU,ru;q=0.9,en;q=0.5' } };
	const CYRILLIC = /[а-яё]/i;

	test('§7.1 §4.13 insufficient_funds and account_blocked in Russian', async () => {
		const fixture = await accountFixture(t, { balance: 15025 });
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
		const fixture = await accountFixture(t, { balance: 1 });
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

describe('§4.1 verbs', () => {
	test.each([
		'addContactAccount',
		'createContactAccount',
		'deleteContactAccount',
		'addFundsToContactAccount',
		'withdrawFundsFromContactAccount',
	])('§4.1 %s is POST only: GET is a JSON 405 and changes nothing', async (method) => {
		const fixture = await accountFixture(t, { balance: 10 });
		const params = {
			contact_id: fixture.contact.id,
			currency: 'EUR',
			account_id: fixture.accountId,
			amount: 10,
			description: 'x',
		};
		const res = await fixture.owner.api.call(method, params, { verb: 'GET' });
		expect(res.status).toBe(405);
		expect(res.headers.allow).toBe('POST');
		expect(res.data).toEqual({ error: expect.any(String) });
		expect(await accountsOf(fixture.owner, fixture.contact.id)).toEqual([
			expect.objectContaining({ id: fixture.accountId, amount: 10 }),
		]);
	});
});

describe('admin: blocking and the journal', () => {
	test('§3 block sets blocked_at, blocking again keeps it, unblock clears it', async () => {
		const fixture = await accountFixture(t, { balance: 5 });
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
		const fixture = await accountFixture(t, { balance: 5 });
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
		const fixture = await accountFixture(t);
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
