/**
 * Contact Account operations through n8n: create, list, delete, add and withdraw funds in minor or major units,
 * the spec's 4xx answers, and the retry rules (a funds call is never sent twice after an ambiguous failure).
 * Version 1 workflows first, then what version 2 changed: accounts by contact and currency, ISO 4217 dropdowns.
 */
import type { INodeParameters } from 'n8n-workflow';
import { contactAccountFixture, accountOf, accountsOf } from '../../server/test/support/contact-accounts';
import { createUserWithBot, createContact, createContactAccountForTest } from '../../server/test/support/factories';
import { loadOptions, runNode } from './support/n8n-harness';
import { useNodeTestEnv } from './support/setup';

const env = useNodeTestEnv();

const funds = (operation: 'addFunds' | 'withdrawFunds', parameters: INodeParameters): INodeParameters => ({
	resource: 'contactAccount',
	operation,
	description: 'Test movement',
	...parameters,
});

describe('create, list, delete', () => {
	test('Create opens an empty account; the currency may be typed in lower case', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const contact = await createContact(env.t, bot);
		const result = await runNode({
			credentials: env.credentials(user),
			parameters: { resource: 'contactAccount', operation: 'create', contactId: contact.id, currency: ' eur ' },
		});
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([
			expect.objectContaining({ id: expect.any(Number), currency: 'EUR', amount: 0, blocked_at: null }),
		]);
		expect(env.proxy.calls('addContactAccount')[0].body).toEqual({ contact_id: contact.id, currency: 'EUR' });
	});

	test('Get Many lists the accounts in the order they were opened; a Limit cuts the list', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const contact = await createContact(env.t, bot);
		const usd = await createContactAccountForTest(user, contact, 'USD');
		const jpy = await createContactAccountForTest(user, contact, 'JPY');
		const all = await runNode({
			credentials: env.credentials(user),
			parameters: { resource: 'contactAccount', operation: 'getAll', contactId: contact.id, returnAll: true },
		});
		expect(all.json.map((a) => [a.id, a.currency])).toEqual([
			[usd.id, 'USD'],
			[jpy.id, 'JPY'],
		]);
		const one = await runNode({
			credentials: env.credentials(user),
			parameters: { resource: 'contactAccount', operation: 'getAll', contactId: contact.id, returnAll: false, limit: 1 },
		});
		expect(one.json.map((a) => a.id)).toEqual([usd.id]);
	});

	test('Delete removes an empty account', async () => {
		const fixture = await contactAccountFixture(env.t);
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: { resource: 'contactAccount', operation: 'delete', accountId: fixture.accountId },
		});
		expect(result.json).toEqual([{ success: true, account_id: fixture.accountId }]);
		const left = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: { resource: 'contactAccount', operation: 'getAll', contactId: fixture.contact.id, returnAll: true },
		});
		expect(left.json).toEqual([]);
	});
});

describe('funds in minor units', () => {
	test('Add Funds and Withdraw Funds move whole minor units and return the account', async () => {
		const fixture = await contactAccountFixture(env.t);
		const added = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: funds('addFunds', { accountId: fixture.accountId, amountUnit: 'minor', amount: 15025, description: 'Bonus' }),
		});
		expect(added.error).toBeUndefined();
		expect(added.json[0]).toMatchObject({ id: fixture.accountId, amount: 15025, currency: 'USD' });
		expect(env.proxy.calls('addFundsToContactAccount')[0].body).toEqual({
			account_id: fixture.accountId,
			amount: 15025,
			description: 'Bonus',
		});

		const withdrawn = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: funds('withdrawFunds', { accountId: fixture.accountId, amountUnit: 'minor', amount: 25 }),
		});
		expect(withdrawn.json[0]).toMatchObject({ amount: 15000 });
		expect(env.proxy.calls('getContactAccounts')).toHaveLength(0);
	});

	test('a fractional minor amount is refused before sending', async () => {
		const fixture = await contactAccountFixture(env.t);
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: funds('addFunds', { accountId: fixture.accountId, amountUnit: 'minor', amount: 10.5 }),
		});
		expect(result.error?.message).toMatch(/not a whole number of minor units/);
		expect(env.proxy.calls('addFundsToContactAccount')).toHaveLength(0);
	});
});

describe('funds in major units: the node reads the account’s currency, then converts exactly', () => {
	test.each([
		['USD', '150.25', 15025],
		['JPY', '1500', 1500],
		['KWD', '1.234', 1234],
	])('%s: %s becomes %d minor units', async (currency, major, minor) => {
		const fixture = await contactAccountFixture(env.t, { currency });
		const added = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: funds('addFunds', {
				accountId: fixture.accountId,
				amountUnit: 'major',
				amountMajor: major,
				contactId: fixture.contact.id,
			}),
		});
		expect(added.error).toBeUndefined();
		expect(added.json[0]).toMatchObject({ currency, amount: minor });
		expect(env.proxy.requests.map((r) => r.method)).toEqual(['getContactAccounts', 'addFundsToContactAccount']);
		expect(env.proxy.calls('addFundsToContactAccount')[0].body.amount).toBe(minor);

		const withdrawn = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: funds('withdrawFunds', {
				accountId: fixture.accountId,
				amountUnit: 'major',
				amountMajor: major,
				contactId: fixture.contact.id,
			}),
		});
		expect(withdrawn.json[0]).toMatchObject({ amount: 0 });
	});

	test('a number from an expression is converted without float error (4.35 USD is 435 cents)', async () => {
		const fixture = await contactAccountFixture(env.t);
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			items: [{ price: 4.35 }],
			parameters: funds('addFunds', {
				accountId: fixture.accountId,
				amountUnit: 'major',
				amountMajor: '={{ $json.price }}',
				contactId: fixture.contact.id,
			}),
		});
		expect(result.json[0]).toMatchObject({ amount: 435 });
	});

	test.each([
		['USD', '150.255', 'USD has 2 decimal places, but the amount 150.255 has more'],
		['JPY', '1500.5', 'JPY has no decimal places, but the amount is 1500.5'],
		['KWD', '1.2345', 'KWD has 3 decimal places, but the amount 1.2345 has more'],
	])('%s: %s has too many decimals and nothing is sent', async (currency, major, message) => {
		const fixture = await contactAccountFixture(env.t, { currency });
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: funds('addFunds', {
				accountId: fixture.accountId,
				amountUnit: 'major',
				amountMajor: major,
				contactId: fixture.contact.id,
			}),
		});
		expect(result.error).toMatchObject({ message, description: 'Nothing was changed.' });
		expect(env.proxy.calls('addFundsToContactAccount')).toHaveLength(0);
		expect((await accountOf(fixture)).amount).toBe(0);
	});

	test('an account that is not the contact’s is refused before any money moves', async () => {
		const fixture = await contactAccountFixture(env.t);
		const otherContact = await createContact(env.t, fixture.bot);
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: funds('addFunds', {
				accountId: fixture.accountId,
				amountUnit: 'major',
				amountMajor: '1',
				contactId: otherContact.id,
			}),
		});
		expect(result.error?.message).toBe(`Account ${fixture.accountId} is not an account of contact ${otherContact.id}`);
		expect(env.proxy.calls('addFundsToContactAccount')).toHaveLength(0);
	});
});

describe('the spec’s refusals, with actionable messages', () => {
	test('422 currency_exists', async () => {
		const fixture = await contactAccountFixture(env.t);
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: { resource: 'contactAccount', operation: 'create', contactId: fixture.contact.id, currency: 'USD' },
		});
		expect(result.error).toMatchObject({
			message: 'The contact already has a contact account in this currency',
			httpCode: '422',
		});
		expect(result.error?.description).toMatch(
			/^currency: The contact already has an account in USD\.\nA contact has at most one contact account/,
		);
		expect(result.error?.context?.botPlatform).toMatchObject({
			code: 'currency_exists',
			errors: { currency: expect.any(Array) },
		});
	});

	test('422 account_not_empty', async () => {
		const fixture = await contactAccountFixture(env.t, { balance: 500 });
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: { resource: 'contactAccount', operation: 'delete', accountId: fixture.accountId },
		});
		expect(result.error).toMatchObject({ message: 'The contact account still has a balance', httpCode: '422' });
		expect(result.error?.description).toMatch(/withdraw its whole balance first/);
	});

	test('422 insufficient_funds: the server’s text with the balance is in the description', async () => {
		const fixture = await contactAccountFixture(env.t, { balance: 100 });
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: funds('withdrawFunds', { accountId: fixture.accountId, amountUnit: 'minor', amount: 101 }),
		});
		expect(result.error).toMatchObject({ message: 'Insufficient funds on the contact account', httpCode: '422' });
		expect(result.error?.description).toBe(
			'account_id: Insufficient funds: the balance is 1.00 USD, less than 1.01 USD.\nThe balance is lower than the amount; nothing was withdrawn.',
		);
		expect(result.error?.context?.botPlatform).toMatchObject({ code: 'insufficient_funds' });
	});

	test('422 account_blocked', async () => {
		const fixture = await contactAccountFixture(env.t, { balance: 100 });
		await env.t.admin.expect(200, 'POST', `/contact-accounts/${fixture.accountId}/block`);
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: funds('withdrawFunds', { accountId: fixture.accountId, amountUnit: 'minor', amount: 1 }),
		});
		expect(result.error).toMatchObject({ message: 'The contact account is blocked', httpCode: '422' });
		expect(result.error?.context?.botPlatform).toMatchObject({ code: 'account_blocked' });
	});

	test('422 on the amount: every field error is listed', async () => {
		const fixture = await contactAccountFixture(env.t);
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: funds('addFunds', {
				accountId: fixture.accountId,
				amountUnit: 'minor',
				amount: 5,
				description: 'x'.repeat(300),
			}),
		});
		expect(result.error?.httpCode).toBe('422');
		expect(result.error?.description).toMatch(/^description: .+/m);
	});

	test('404: an unknown account and an unknown contact', async () => {
		const { user } = await createUserWithBot(env.t);
		const noAccount = await runNode({
			credentials: env.credentials(user),
			parameters: funds('addFunds', { accountId: 987654321, amountUnit: 'minor', amount: 1 }),
		});
		expect(noAccount.error).toMatchObject({
			message: 'Contact account not found: check the Contact Account ID',
			httpCode: '404',
		});
		const noContact = await runNode({
			credentials: env.credentials(user),
			parameters: { resource: 'contactAccount', operation: 'getAll', contactId: 987654321, returnAll: true },
		});
		expect(noContact.error).toMatchObject({ message: 'Contact not found: check the Contact ID', httpCode: '404' });
	});

	test('403: someone else’s contact account', async () => {
		const fixture = await contactAccountFixture(env.t);
		const { user: stranger } = await createUserWithBot(env.t);
		const result = await runNode({
			credentials: env.credentials(stranger),
			parameters: funds('addFunds', { accountId: fixture.accountId, amountUnit: 'minor', amount: 1 }),
		});
		expect(result.error).toMatchObject({ message: 'Access denied: You do not have access to this account.', httpCode: '403' });
		expect(result.error?.description).toMatch(/only the projects, bots and contacts its user owns/);
	});
});

describe('retries: a funds call is never sent twice after an ambiguous failure', () => {
	test('a reset after the server took the top-up: one request, one top-up, and an error that says so', async () => {
		const fixture = await contactAccountFixture(env.t);
		env.proxy.inject('addFundsToContactAccount', { kind: 'reset-after-forward' });
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: funds('addFunds', { accountId: fixture.accountId, amountUnit: 'minor', amount: 700 }),
		});
		expect(result.error?.message).toBe('The connection to the Bot Platform was lost');
		expect(result.error?.description).toMatch(/may or may not have been carried out\. It was not sent again/);
		expect(env.proxy.calls('addFundsToContactAccount')).toHaveLength(1);
		expect((await accountOf(fixture)).amount).toBe(700);
	});

	test('a reset before the server saw the debit is not retried either: the node cannot tell the two apart', async () => {
		const fixture = await contactAccountFixture(env.t, { balance: 1000 });
		env.proxy.inject('withdrawFundsFromContactAccount', { kind: 'reset-before-forward' });
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: funds('withdrawFunds', { accountId: fixture.accountId, amountUnit: 'minor', amount: 300 }),
		});
		expect(result.error?.message).toBe('The connection to the Bot Platform was lost');
		expect(env.proxy.calls('withdrawFundsFromContactAccount')).toHaveLength(1);
		expect((await accountOf(fixture)).amount).toBe(1000);
	});

	test('a 503 on a debit is not retried', async () => {
		const fixture = await contactAccountFixture(env.t, { balance: 1000 });
		env.proxy.inject('withdrawFundsFromContactAccount', {
			kind: 'respond',
			status: 503,
			body: { message: 'Service Unavailable' },
		});
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: funds('withdrawFunds', { accountId: fixture.accountId, amountUnit: 'minor', amount: 300 }),
		});
		expect(result.error).toMatchObject({ message: 'The Bot Platform server failed (HTTP 503)', httpCode: '503' });
		expect(env.proxy.calls('withdrawFundsFromContactAccount')).toHaveLength(1);
	});

	test('a 429 is retried after Retry-After, because the server refused it before doing anything', async () => {
		const fixture = await contactAccountFixture(env.t);
		env.proxy.inject('addFundsToContactAccount', {
			kind: 'respond',
			status: 429,
			headers: { 'retry-after': '1' },
			body: { message: 'Too Many Attempts.' },
		});
		const started = Date.now();
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: funds('addFunds', { accountId: fixture.accountId, amountUnit: 'minor', amount: 250 }),
		});
		expect(result.error).toBeUndefined();
		expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
		expect(env.proxy.calls('addFundsToContactAccount')).toHaveLength(2);
		expect((await accountOf(fixture)).amount).toBe(250);
	});

	test('the currency lookup of major units is a read: a reset there is retried, then the top-up goes once', async () => {
		const fixture = await contactAccountFixture(env.t);
		env.proxy.inject('getContactAccounts', { kind: 'reset-before-forward' });
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			parameters: funds('addFunds', {
				accountId: fixture.accountId,
				amountUnit: 'major',
				amountMajor: '2.50',
				contactId: fixture.contact.id,
			}),
		});
		expect(result.error).toBeUndefined();
		expect(env.proxy.requests.map((r) => r.method)).toEqual([
			'getContactAccounts',
			'getContactAccounts',
			'addFundsToContactAccount',
		]);
		expect((await accountOf(fixture)).amount).toBe(250);
	});
});

describe('version 2: an account by contact and currency, amounts in major units with nothing more', () => {
	const v2 = (operation: string, parameters: INodeParameters): INodeParameters => ({
		resource: 'contactAccount',
		operation,
		...parameters,
	});

	test('Create takes a code from the ISO 4217 dropdown, or from an expression; Get Many returns every account', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const contact = await createContact(env.t, bot);
		const created = await runNode({
			credentials: env.credentials(user),
			typeVersion: 2,
			items: [{ code: 'EUR' }, { code: 'jpy' }],
			parameters: v2('create', { contactId: String(contact.id), currency: '={{ $json.code }}' }),
		});
		expect(created.error).toBeUndefined();
		expect(created.json.map((a) => a.currency)).toEqual(['EUR', 'JPY']);
		await createContactAccountForTest(user, contact, 'USD');
		const all = await runNode({
			credentials: env.credentials(user),
			typeVersion: 2,
			parameters: v2('getAll', { contactId: String(contact.id) }),
		});
		expect(all.json.map((a) => a.currency)).toEqual(['EUR', 'JPY', 'USD']);
	});

	test.each([
		['EUR', '5.25', 525],
		['JPY', '1500', 1500],
		['HUF', '1500.50', 150050],
		['IQD', '1.250', 1250],
		['KWD', '0.005', 5],
	])('%s: adding and withdrawing %s needs only the contact and the currency (%d minor units)', async (currency, major, minor) => {
		const fixture = await contactAccountFixture(env.t, { currency });
		const byContact = { accountBy: 'contactAndCurrency', contactId: String(fixture.contact.id), currency };
		const added = await runNode({
			credentials: env.credentials(fixture.owner),
			typeVersion: 2,
			parameters: v2('addFunds', { ...byContact, amountMajor: major, description: 'Bonus' }),
		});
		expect(added.error).toBeUndefined();
		expect(added.json[0]).toMatchObject({ id: fixture.accountId, currency, amount: minor });
		expect(env.proxy.requests.map((r) => [r.method, r.body])).toEqual([
			['getContactAccounts', { contact_id: fixture.contact.id }],
			['addFundsToContactAccount', { account_id: fixture.accountId, amount: minor, description: 'Bonus' }],
		]);
		const withdrawn = await runNode({
			credentials: env.credentials(fixture.owner),
			typeVersion: 2,
			parameters: v2('withdrawFunds', { ...byContact, currency: currency.toLowerCase(), amountMajor: major, description: 'Use' }),
		});
		expect(withdrawn.json[0]).toMatchObject({ id: fixture.accountId, amount: 0 });
	});

	test('a currency the contact has no account in: an error naming its accounts, and no money call', async () => {
		const fixture = await contactAccountFixture(env.t, { currency: 'USD' });
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			typeVersion: 2,
			parameters: v2('addFunds', {
				accountBy: 'contactAndCurrency',
				contactId: String(fixture.contact.id),
				currency: 'EUR',
				amountMajor: '1',
				description: 'Bonus',
			}),
		});
		expect(result.error).toMatchObject({ message: `Contact ${fixture.contact.id} has no EUR account` });
		expect(result.error?.description).toBe('Its accounts: USD. Open one with Contact Account → Create. Nothing was changed.');
		expect(env.proxy.calls('addFundsToContactAccount')).toHaveLength(0);
	});

	test('by ID in minor units needs no lookup; by ID in major units reads the contact’s accounts first', async () => {
		const fixture = await contactAccountFixture(env.t, { currency: 'JPY' });
		const minor = await runNode({
			credentials: env.credentials(fixture.owner),
			typeVersion: 2,
			parameters: v2('addFunds', {
				accountBy: 'id',
				accountId: String(fixture.accountId),
				amountUnit: 'minor',
				amount: 7,
				description: 'x',
			}),
		});
		expect(minor.json[0]).toMatchObject({ amount: 7 });
		expect(env.proxy.requests.map((r) => r.method)).toEqual(['addFundsToContactAccount']);
		env.proxy.clear();
		const major = await runNode({
			credentials: env.credentials(fixture.owner),
			typeVersion: 2,
			parameters: v2('addFunds', {
				accountBy: 'id',
				accountId: String(fixture.accountId),
				contactId: String(fixture.contact.id),
				amountMajor: '3',
				description: 'x',
			}),
		});
		expect(major.json[0]).toMatchObject({ amount: 10 });
		expect(env.proxy.requests.map((r) => r.method)).toEqual(['getContactAccounts', 'addFundsToContactAccount']);
	});

	test('Delete by contact and currency', async () => {
		const fixture = await contactAccountFixture(env.t, { currency: 'GBP' });
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			typeVersion: 2,
			parameters: v2('delete', { contactId: String(fixture.contact.id), currency: 'GBP' }),
		});
		expect(result.json).toEqual([{ success: true, account_id: fixture.accountId }]);
		expect(await accountsOf(fixture.owner, fixture.contact.id)).toEqual([]);
	});

	test('an empty Contact ID is refused before any request (n8n’s required check catches it, unlike a 0)', async () => {
		const fixture = await contactAccountFixture(env.t);
		await expect(
			runNode({
				credentials: env.credentials(fixture.owner),
				typeVersion: 2,
				parameters: v2('withdrawFunds', { currency: 'USD', amountMajor: '1', description: 'x' }),
			}),
		).rejects.toThrow('Parameter "Contact ID" is required.');
		// An expression that gives nothing passes n8n's check; the node refuses it itself.
		const fromExpression = await runNode({
			credentials: env.credentials(fixture.owner),
			typeVersion: 2,
			items: [{ contact: '' }],
			parameters: v2('withdrawFunds', { contactId: '={{ $json.contact }}', currency: 'USD', amountMajor: '1', description: 'x' }),
		});
		expect(fromExpression.error?.message).toBe('Contact ID must be a positive whole number, got ""');
		expect(env.proxy.requests).toHaveLength(0);
	});

	test('a reset after the server took the top-up: the top-up is not sent again', async () => {
		const fixture = await contactAccountFixture(env.t, { currency: 'EUR' });
		env.proxy.inject('addFundsToContactAccount', { kind: 'reset-after-forward' });
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			typeVersion: 2,
			parameters: v2('addFunds', { contactId: String(fixture.contact.id), currency: 'EUR', amountMajor: '2', description: 'x' }),
		});
		expect(result.error?.description).toMatch(/It was not sent again/);
		expect(env.proxy.calls('addFundsToContactAccount')).toHaveLength(1);
		expect((await accountOf(fixture)).amount).toBe(200);
	});

	test('the Currency dropdown lists the contact’s accounts with their balances', async () => {
		const fixture = await contactAccountFixture(env.t, { currency: 'EUR', balance: 1250 });
		const jpy = await createContactAccountForTest(fixture.owner, fixture.contact, 'JPY');
		const parameters = { resource: 'contactAccount', operation: 'addFunds', contactId: String(fixture.contact.id) };
		const options = await loadOptions(env.credentials(fixture.owner), 'getContactAccounts', parameters, 'currency', 2);
		expect(options).toEqual([
			{ name: 'EUR - balance 12.50 EUR', value: 'EUR', description: `Contact account ID ${fixture.accountId}` },
			{ name: 'JPY - balance 0 JPY', value: 'JPY', description: `Contact account ID ${jpy.id}` },
		]);
		const empty = await loadOptions(
			env.credentials(fixture.owner),
			'getContactAccounts',
			{ ...parameters, contactId: '' },
			'currency',
			2,
		);
		expect(empty).toEqual([]);
	});
});
