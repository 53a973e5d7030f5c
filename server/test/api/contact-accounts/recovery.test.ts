/**
 * §2.3 the journal equals the balance even when a process dies between the balance change and its journal
 * entry. A crash is simulated by making the account update exactly as the server does and stopping there.
 */
import { newOperation, type Operation } from '../../../src/domain/contact-accounts/journal';
import { ApiClient } from '../../support/api-client';
import {
	contactAccountFixture,
	accountOf,
	journalOf,
	journalSum,
	startServerOnSameDatabase,
} from '../../support/contact-accounts';
import { startTestServer, type TestServer } from '../../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

const models = () => t.server.database.models;

/** The balance change and its pending operation, as one atomic update: what survives a crash right after it. */
async function changeWithoutJournal(accountId: number, operation: Operation) {
	const change = operation.kind === 'deposit' ? operation.amount : -operation.amount;
	await models().contactAccounts.updateOne({ _id: accountId }, { $inc: { amount: change }, $push: { pendingOps: operation } });
}

const pendingOf = async (accountId: number) =>
	(await models().contactAccounts.findById(accountId, { pendingOps: 1 }).lean())?.pendingOps;

const storedJournal = (accountId: number) => models().contactAccountJournal.find({ accountId }).lean();

test('§2.3 a change whose journal entry was never written is journaled before the journal is read', async () => {
	const fixture = await contactAccountFixture(t, { balance: 100 });
	await changeWithoutJournal(fixture.accountId, newOperation('deposit', 40, 'interrupted top-up'));
	await changeWithoutJournal(fixture.accountId, newOperation('debit', 15, 'interrupted debit'));
	expect((await accountOf(fixture)).amount).toBe(125);
	const journal = await journalOf(t, fixture.accountId);
	expect(journal.map(({ operation, amount, description }) => [operation, amount, description])).toEqual([
		['Deposit via API', 100, 'opening balance'],
		['Deposit via API', 40, 'interrupted top-up'],
		['Debit via API', -15, 'interrupted debit'],
	]);
	expect(journalSum(journal)).toBe(125);
	expect(await pendingOf(fixture.accountId)).toEqual([]);
});

test('§2.3 a change whose entry was written but not yet marked settled is journaled once, not twice', async () => {
	const fixture = await contactAccountFixture(t, { balance: 100 });
	const operation = newOperation('debit', 30, 'half settled');
	await changeWithoutJournal(fixture.accountId, operation);
	await models().contactAccountJournal.create({ ...operation, accountId: fixture.accountId });
	const journal = await journalOf(t, fixture.accountId);
	expect(journal.filter((entry) => entry.description === 'half settled')).toHaveLength(1);
	expect(journalSum(journal)).toBe(70);
	expect(await pendingOf(fixture.accountId)).toEqual([]);
});

test('§2.3 a server starting on the database settles what a crashed process left pending', async () => {
	const fixture = await contactAccountFixture(t, { balance: 100 });
	await changeWithoutJournal(fixture.accountId, newOperation('debit', 60, 'before the crash'));
	expect(await storedJournal(fixture.accountId)).toHaveLength(1);
	const restarted = await startServerOnSameDatabase(t);
	try {
		// Read the collections directly: the journal route would settle on its own.
		expect(await pendingOf(fixture.accountId)).toEqual([]);
		const stored = await storedJournal(fixture.accountId);
		expect(stored.map((entry) => [entry.kind, entry.amount, entry.description])).toEqual([
			['deposit', 100, 'opening balance'],
			['debit', 60, 'before the crash'],
		]);
		const served = await new ApiClient(restarted.url, fixture.owner.apiKey).call('getContactAccounts', {
			contact_id: fixture.contact.id,
		});
		expect(served.data.data).toEqual([expect.objectContaining({ id: fixture.accountId, amount: 40 })]);
	} finally {
		await restarted.server.close();
	}
});

test('§4.11 an empty account with unsettled operations is settled before it is deleted', async () => {
	const fixture = await contactAccountFixture(t, { balance: 10 });
	await changeWithoutJournal(fixture.accountId, newOperation('debit', 10, 'emptied before the crash'));
	const res = await fixture.owner.api.call('deleteContactAccount', { account_id: fixture.accountId });
	expect(res.status).toBe(204);
	const stored = await storedJournal(fixture.accountId);
	expect(stored.map((entry) => entry.description).sort()).toEqual(['emptied before the crash', 'opening balance']);
});
