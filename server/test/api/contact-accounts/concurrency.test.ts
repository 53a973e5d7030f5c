/**
 * Contact account money under simultaneous requests (§2.3, §4.10, §4.11, §4.13): no cent lost or invented,
 * the balance never below zero, the journal always equal to the balance, also across two server processes.
 */
import {
	contactAccountFixture,
	accountOf,
	accountsOf,
	debit,
	journalOf,
	journalSum,
	startServerOnSameDatabase,
	topUp,
} from '../../support/contact-accounts';
import { ApiClient } from '../../support/api-client';
import { createUserWithBot, createContact } from '../../support/factories';
import type { HttpResponse } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

const times = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

const countBy = (responses: HttpResponse[], key: (res: HttpResponse) => string) =>
	responses.reduce<Record<string, number>>((counts, res) => ({ ...counts, [key(res)]: (counts[key(res)] ?? 0) + 1 }), {});

const outcome = (res: HttpResponse) => (res.status === 200 ? '200' : `${res.status} ${res.data?.code}`);

test('§4.13 balance 100, 150 parallel debits of 1: exactly 100 succeed, 50 are insufficient_funds, the balance ends at 0', async () => {
	const fixture = await contactAccountFixture(t, { balance: 100 });
	const responses = await times(150, (i) => debit(fixture.owner, fixture.accountId, 1, `debit ${i}`));
	expect(countBy(responses, outcome)).toEqual({ '200': 100, '422 insufficient_funds': 50 });
	for (const res of responses) {
		if (res.status === 200) expect(res.data.data.amount).toBeGreaterThanOrEqual(0);
		else expect(Object.keys(res.data.errors)).toEqual(['account_id']);
	}
	// Each success saw a different balance: the debits were applied one at a time.
	const seen = responses.filter((res) => res.status === 200).map((res) => res.data.data.amount);
	expect(new Set(seen).size).toBe(100);
	expect((await accountOf(fixture)).amount).toBe(0);
	const journal = await journalOf(t, fixture.accountId);
	expect(journal.filter((entry) => entry.kind === 'debit')).toHaveLength(100);
	expect(journalSum(journal)).toBe(0);
});

test('§4.12 100 parallel top-ups of 1 add exactly 100', async () => {
	const fixture = await contactAccountFixture(t, { balance: 7 });
	const responses = await times(100, (i) => topUp(fixture.owner, fixture.accountId, 1, `top-up ${i}`));
	expect(countBy(responses, outcome)).toEqual({ '200': 100 });
	expect((await accountOf(fixture)).amount).toBe(107);
	const journal = await journalOf(t, fixture.accountId);
	expect(journal).toHaveLength(101);
	expect(journalSum(journal)).toBe(107);
});

test('§2.3 §4.13 a storm of mixed parallel operations: balance = start + successes = sum of the journal, never negative', async () => {
	const fixture = await contactAccountFixture(t, { balance: 500 });
	// A fixed pseudo-random mix, so a failure can be replayed.
	let seed = 20240601;
	const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
	const plan = Array.from({ length: 240 }, () => ({
		kind: random() < 0.45 ? 'deposit' : 'debit',
		amount: 1 + Math.floor(random() * 60),
	}));
	const responses = await Promise.all(
		plan.map((op, i) =>
			op.kind === 'deposit'
				? topUp(fixture.owner, fixture.accountId, op.amount, `d${i}`)
				: debit(fixture.owner, fixture.accountId, op.amount, `w${i}`),
		),
	);
	let expected = 500;
	let successes = 0;
	responses.forEach((res, i) => {
		if (res.status === 200) {
			expect(res.data.data.amount).toBeGreaterThanOrEqual(0);
			expected += plan[i].kind === 'deposit' ? plan[i].amount : -plan[i].amount;
			successes += 1;
		} else {
			expect({ i, status: res.status, code: res.data.code }).toEqual({ i, status: 422, code: 'insufficient_funds' });
			expect(plan[i].kind).toBe('debit');
		}
	});
	expect(responses.filter((res, i) => plan[i].kind === 'deposit' && res.status !== 200)).toEqual([]);
	const balance = (await accountOf(fixture)).amount;
	expect(balance).toBe(expected);
	const journal = await journalOf(t, fixture.accountId);
	expect(journal).toHaveLength(1 + successes);
	expect(journalSum(journal)).toBe(balance);
	expect(await t.server.database.models.contactAccounts.findById(fixture.accountId, { pendingOps: 1 }).lean()).toMatchObject({
		pendingOps: [],
	});
});

test('§4.10 parallel openings of the same currency: exactly one account, the rest currency_exists', async () => {
	const { user: owner, bot } = await createUserWithBot(t);
	const contact = await createContact(t, bot);
	const responses = await times(20, () => owner.api.call('addContactAccount', { contact_id: contact.id, currency: 'USD' }));
	expect(countBy(responses, (res) => (res.status === 201 ? '201' : `${res.status} ${res.data.code}`))).toEqual({
		'201': 1,
		'422 currency_exists': 19,
	});
	expect(await accountsOf(owner, contact.id)).toHaveLength(1);
});

test('§4.11 a delete racing top-ups never loses a top-up', async () => {
	for (let round = 0; round < 5; round++) {
		const fixture = await contactAccountFixture(t);
		const [deleted, ...topUps] = await Promise.all([
			fixture.owner.api.call('deleteContactAccount', { account_id: fixture.accountId }),
			...Array.from({ length: 10 }, () => topUp(fixture.owner, fixture.accountId, 1)),
		]);
		const credited = topUps.filter((res) => res.status === 200).length;
		expect(topUps.every((res) => res.status === 200 || res.status === 404)).toBe(true);
		const listed = await accountsOf(fixture.owner, fixture.contact.id);
		if (deleted.status === 204) {
			// Deleted while empty: every top-up came after and found no account.
			expect(credited).toBe(0);
			expect(listed).toEqual([]);
		} else {
			expect(deleted.data.code).toBe('account_not_empty');
			expect(listed).toEqual([expect.objectContaining({ id: fixture.accountId, amount: credited })]);
		}
	}
});

test('§4.13 two server processes sharing one database: still exactly 100 of 150 debits succeed', async () => {
	const other = await startServerOnSameDatabase(t);
	try {
		const fixture = await contactAccountFixture(t, { balance: 100 });
		const otherApi = new ApiClient(other.url, fixture.owner.apiKey);
		const responses = await times(150, (i) =>
			(i % 2 === 0 ? fixture.owner.api : otherApi).call('withdrawFundsFromContactAccount', {
				account_id: fixture.accountId,
				amount: 1,
				description: `debit ${i}`,
			}),
		);
		expect(countBy(responses, outcome)).toEqual({ '200': 100, '422 insufficient_funds': 50 });
		const topUps = await times(60, (i) =>
			(i % 2 === 0 ? otherApi : fixture.owner.api).call('addFundsToContactAccount', {
				account_id: fixture.accountId,
				amount: 1,
				description: `top-up ${i}`,
			}),
		);
		expect(countBy(topUps, outcome)).toEqual({ '200': 60 });
		expect((await accountOf(fixture)).amount).toBe(60);
		expect(journalSum(await journalOf(t, fixture.accountId))).toBe(60);
	} finally {
		await other.server.close();
	}
});
