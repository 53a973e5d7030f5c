/** Helpers of the contact account tests (§4.9–4.13): a ready account, money movements, the journal. */
import {
	createUserWithBot,
	createContactAccountForTest,
	createContact,
	type TestUser,
	type TestBot,
	type ContactJson,
} from './factories';
import type { HttpResponse } from './http';
import { databaseUriOf, startTestServer, type TestServer } from './test-server';

export interface ContactAccountFixture {
	owner: TestUser;
	bot: TestBot;
	contact: ContactJson;
	accountId: number;
}

/** An owner with a bot, a contact and an account in `currency`, optionally topped up with `balance`. */
export async function contactAccountFixture(
	t: TestServer,
	{ currency = 'USD', balance = 0 } = {},
): Promise<ContactAccountFixture> {
	const { user: owner, bot } = await createUserWithBot(t);
	const contact = await createContact(t, bot);
	const { id: accountId } = await createContactAccountForTest(owner, contact, currency);
	if (balance > 0) {
		const res = await topUp(owner, accountId, balance, 'opening balance');
		if (res.status !== 200) throw new Error(`opening top-up: ${res.status} ${JSON.stringify(res.data)}`);
	}
	return { owner, bot, contact, accountId };
}

export function topUp(
	owner: TestUser,
	accountId: number,
	amount: unknown,
	description: unknown = 'top-up',
): Promise<HttpResponse> {
	return owner.api.call('addFundsToContactAccount', { account_id: accountId, amount, description });
}

export function debit(
	owner: TestUser,
	accountId: number,
	amount: unknown,
	description: unknown = 'debit',
): Promise<HttpResponse> {
	return owner.api.call('withdrawFundsFromContactAccount', { account_id: accountId, amount, description });
}

export async function accountsOf(owner: TestUser, contactId: number): Promise<Array<Record<string, any>>> {
	const res = await owner.api.call('getContactAccounts', { contact_id: contactId });
	if (res.status !== 200) throw new Error(`getContactAccounts: ${res.status} ${JSON.stringify(res.data)}`);
	return res.data.data;
}

/** The account as its owner sees it through getContactAccounts. */
export async function accountOf(fixture: ContactAccountFixture): Promise<Record<string, any>> {
	const contactAccount = (await accountsOf(fixture.owner, fixture.contact.id)).find(
		(candidate) => candidate.id === fixture.accountId,
	);
	if (!contactAccount) throw new Error(`contact account ${fixture.accountId} not listed`);
	return contactAccount;
}

export interface JournalEntry {
	id: string;
	operation: 'Deposit via API' | 'Debit via API';
	kind: 'deposit' | 'debit';
	amount: number;
	description: string;
	created_at: string;
}

export async function journalOf(t: TestServer, accountId: number): Promise<JournalEntry[]> {
	return (await t.admin.expect<{ data: JournalEntry[] }>(200, 'GET', `/contact-accounts/${accountId}/journal`)).data;
}

/** Journal amounts are signed, so the balance is their plain sum. */
export const journalSum = (entries: JournalEntry[]) => entries.reduce((sum, entry) => sum + entry.amount, 0);

/**
 * A second server on the same database as `t`, standing in for another process of a multi-instance deployment
 * (or for the same process after a restart). Stop it with `server.close()`: it must not drop the shared database.
 * A `seed` replaces all the data of that database, as a seed does at start-up.
 */
export async function startServerOnSameDatabase(t: TestServer, seed?: unknown): Promise<TestServer> {
	return startTestServer({ mongodbUri: databaseUriOf(t) }, undefined, seed);
}

/** The fixture's contact account and journal are as they were: a refused call changed nothing. */
export async function expectUnchanged(t: TestServer, fixture: ContactAccountFixture, amount: number, journalLength: number) {
	expect((await accountOf(fixture)).amount).toBe(amount);
	const journal = await journalOf(t, fixture.accountId);
	expect(journal).toHaveLength(journalLength);
	expect(journalSum(journal)).toBe(amount);
}
