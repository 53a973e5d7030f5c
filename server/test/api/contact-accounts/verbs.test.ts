/** Contact accounts (§2.3, §3, §4.9–4.13, §7.3, §8): shape, rules, bounds, access, languages, verbs, journal. */
import { contactAccountFixture, accountsOf } from '../../support/contact-accounts';
import { startTestServer, type TestServer } from '../../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§4.1 verbs', () => {
	test.each([
		'addContactAccount',
		'createContactAccount',
		'deleteContactAccount',
		'addFundsToContactAccount',
		'withdrawFundsFromContactAccount',
	])('§4.1 %s is POST only: GET is a JSON 405 and changes nothing', async (method) => {
		const fixture = await contactAccountFixture(t, { balance: 10 });
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
