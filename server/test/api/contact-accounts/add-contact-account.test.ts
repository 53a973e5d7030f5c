/** addContactAccount (§4.10). */
import { ISO_WITH_OFFSET } from '../../support/formats';
import { accountsOf } from '../../support/contact-accounts';
import { createUserWithBot, createContactAccountForTest, createContact } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';
import { documentsSpecParameters, type SpecParameter } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

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

const ADD_CONTACT_ACCOUNT_PARAMETERS: SpecParameter[] = [
	['contact_id', true, 'integer'],
	['currency', true, 'string', { pattern: '^[A-Z]{3}$' }],
];
documentsSpecParameters('addContactAccount', () => t, ADD_CONTACT_ACCOUNT_PARAMETERS);
// §9: the alias takes the same parameters.
documentsSpecParameters('createContactAccount', () => t, ADD_CONTACT_ACCOUNT_PARAMETERS);

countsCommands('addContactAccount', async (server) => {
	const { user, bot } = await createUserWithBot(server);
	const contact = await createContact(server, bot);
	return { user, status: 201, call: () => user.api.call('addContactAccount', { contact_id: contact.id, currency: 'GBP' }) };
});
