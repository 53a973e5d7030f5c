/** Contact accounts (§2.3, §3, §4.9–4.13, §7.3, §8): shape, rules, bounds, access, languages, verbs, journal. */
import {
	contactAccountFixture,
	debit,
	journalOf,
	journalSum,
	topUp,
	type ContactAccountFixture,
} from '../../support/contact-accounts';
import { createUser } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§7.3 access: 404 for missing or deleted, 403 for someone else', () => {
	/** Calls every account method on the fixture's contact and account. */
	async function callAll(caller: ContactAccountFixture['owner'], fixture: ContactAccountFixture) {
		const { contact, accountId } = fixture;
		return {
			getContactAccounts: await caller.api.call('getContactAccounts', { contact_id: contact.id }),
			addContactAccount: await caller.api.call('addContactAccount', { contact_id: contact.id, currency: 'CHF' }),
			addFundsToContactAccount: await topUp(caller, accountId, 5),
			withdrawFundsFromContactAccount: await debit(caller, accountId, 5),
			deleteContactAccount: await caller.api.call('deleteContactAccount', { account_id: accountId }),
		};
	}

	async function expectAllRefused(fixture: ContactAccountFixture, caller: ContactAccountFixture['owner'], status: 403 | 404) {
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
		const fixture = await contactAccountFixture(t, { balance: 100 });
		const stranger = await createUser(t);
		await expectAllRefused(fixture, stranger, 403);
	});

	test('§1 §7.3 a team member invited to the project is refused too (403)', async () => {
		const fixture = await contactAccountFixture(t, { balance: 100 });
		const member = await createUser(t);
		await t.admin.expect(201, 'POST', `/projects/${fixture.bot.project_uuid}/members`, { user_id: member.id });
		await expectAllRefused(fixture, member, 403);
	});

	test('§7.3 a deleted contact is 404 for every method', async () => {
		const fixture = await contactAccountFixture(t, { balance: 100 });
		await t.admin.expect(204, 'DELETE', `/contacts/${fixture.contact.id}`);
		await expectAllRefused(fixture, fixture.owner, 404);
	});

	test('§7.3 a contact of a deleted bot is 404 for every method', async () => {
		const fixture = await contactAccountFixture(t, { balance: 100 });
		await t.admin.expect(204, 'DELETE', `/bots/${fixture.bot.id}`);
		await expectAllRefused(fixture, fixture.owner, 404);
	});
});
