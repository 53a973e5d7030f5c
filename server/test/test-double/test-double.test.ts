/**
 * The server as a test double (server README, "Testing your integration against it"): a seed at start-up,
 * reset to the seed, faults on purpose, and the log of what clients sent. In-process, through the HTTP API.
 */
import path from 'node:path';
import { ApiClient } from '../support/api-client';
import { request as httpRequest } from 'node:http';
import { createUserWithBot, createContact } from '../support/factories';
import { http } from '../support/http';
import { listIdsOf } from '../support/lists';
import { startTestServer, type TestServer } from '../support/test-server';

const EXAMPLE_SEED = path.resolve(__dirname, '../../examples/seed.json');
const ALICE_KEY = 'bp_seed_alice_0123456789abcdef';
const PROJECT = '3f2b8c1e-0000-4000-8000-000000000001';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer({}, undefined, EXAMPLE_SEED);
});
afterAll(() => t?.close());
beforeEach(async () => {
	await t.admin.faults.clear();
	await t.admin.requests.clear();
});

const alice = () => new ApiClient(t.url, ALICE_KEY);
const contactCount = async (): Promise<number> => (await alice().call('getNumberOfContacts', { bot_id: 1 })).data.count;

describe('seed (example seed file)', () => {
	test('seeded keys work as the file says: Pro, Free (402, §5.6) and blocked (403, §5)', async () => {
		const me = await alice().call('getMe');
		expect(me.status).toBe(200);
		expect(me.data.data.email).toBe('alice@example.com');
		expect((await alice().withKey('bp_seed_fay_0123456789abcdef').call('getMe')).status).toBe(402);
		expect((await alice().withKey('bp_seed_ben_0123456789abcdef').call('getMe')).status).toBe(403);
	});

	test('contacts, accounts with balances as journal entries, blocked accounts, lists and records', async () => {
		const contacts = await alice().call('getContacts', { bot_id: 1 });
		expect(contacts.status).toBe(200);
		const ann = contacts.data.data.find((contact: { name: string }) => contact.name === 'Ann');
		expect(ann).toMatchObject({
			tags: ['vip'],
			phone: '15550000001',
			telegram_id: '100001',
			created_at: '2024-01-15T10:00:00.000Z',
		});
		const accounts = (await alice().call('getContactAccounts', { contact_id: ann.id })).data.data;
		expect(accounts.map((a: { currency: string; amount: number }) => [a.currency, a.amount])).toEqual([
			['USD', 1500],
			['EUR', 250],
		]);
		expect(accounts[1].blocked_at).not.toBeNull();
		const journal = await t.admin.contactAccounts.journal(accounts[0].id);
		expect(journal.reduce((sum, entry) => sum + entry.amount, 0)).toBe(1500);
		const lists = await alice().call('getListSchemas');
		expect(lists.data.data.map((list: { id: string }) => list.id)).toEqual(['65a000000000000000000001']);
		expect((await t.admin.listItems.list('65a000000000000000000001')).map((item) => item.values)).toEqual([
			{ title: 'First order', total: 4200 },
		]);
		// The invited member has no API access to the project (§1).
		expect((await alice().withKey('bp_seed_bob_0123456789abcdef').call('getListSchemas')).data.data).toEqual([]);
		expect(PROJECT).toBe(lists.data.data[0].project);
	});
});

describe('seeded data keeps the rules of data made through the API', () => {
	const seededCounts = async () => ({
		listIds: await listIdsOf(t, PROJECT),
		subscribers: (await t.admin.bots.get(1)).subscribers_count,
	});

	test("the seeded list holds its project's slot, and the bot counts its subscribers; again after a reset", async () => {
		// Ann, Vlad and the website visitor; the preview contact is no subscriber (§4.16).
		const seeded = { listIds: ['65a000000000000000000001'], subscribers: 3 };
		expect(await seededCounts()).toEqual(seeded);
		// The slot is real: deleting the list through the API gives it back.
		expect((await alice().call('deleteListSchema', { schema_id: '65a000000000000000000001' })).status).toBe(204);
		expect(
			(await alice().call('createOrUpdateContact', { bot_id: 1, messenger: 'vk', vk_id: 300003, name: 'Vera' })).status,
		).toBe(201);
		expect(await seededCounts()).toEqual({ listIds: [], subscribers: 4 });
		await t.admin.reset();
		expect(await seededCounts()).toEqual(seeded);
	});
});

describe('POST /admin/v1/reset', () => {
	test('brings the data back to the seed: new contacts and balance changes are gone, IDs are the same', async () => {
		const before = await contactCount();
		const created = await alice().call('createOrUpdateContact', {
			bot_id: 1,
			messenger: 'telegram',
			telegram_id: 777,
			name: 'New',
		});
		expect(created.status).toBe(201);
		expect(await contactCount()).toEqual(before + 1);
		const accountId = (await alice().call('getContactAccounts', { contact_id: 1 })).data.data[0].id;
		expect((await alice().call('addFundsToContactAccount', { account_id: accountId, amount: 5, description: 'x' })).status).toBe(
			200,
		);

		expect((await t.admin.request('POST', '/reset')).status).toBe(204);
		expect(await contactCount()).toEqual(before);
		const accounts = (await alice().call('getContactAccounts', { contact_id: 1 })).data.data;
		expect(accounts[0]).toMatchObject({ id: accountId, amount: 1500 });
		expect((await t.admin.contactAccounts.journal(accountId)).map((entry) => entry.amount)).toEqual([1500]);
	});

	test('a deprecation set before a reset is gone after it, also from what the API answers (§9)', async () => {
		const sunset = new Date(Date.now() + 86_400_000).toISOString();
		await t.admin.expect(200, 'PUT', '/deprecations/getMe', { sunset });
		expect((await alice().call('getMe')).headers.deprecation).toBe('true');
		await t.admin.reset();
		expect((await alice().call('getMe')).headers.deprecation).toBeUndefined();
	});

	test('requests in flight during a reset are answered whole: each balance still equals its journal', async () => {
		const accountId = (await alice().call('getContactAccounts', { contact_id: 1 })).data.data[0].id;
		const topUps = Array.from({ length: 20 }, () =>
			alice().call('addFundsToContactAccount', { account_id: accountId, amount: 1, description: 'parallel' }),
		);
		const [answers] = await Promise.all([Promise.all(topUps), t.admin.reset()]);
		// Each top-up ran wholly before or wholly after the wipe: no 500, no lost account.
		expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
		const [contactAccount] = (await alice().call('getContactAccounts', { contact_id: 1 })).data.data;
		const journal = await t.admin.contactAccounts.journal(contactAccount.id);
		expect(journal.reduce((sum, entry) => sum + entry.amount, 0)).toBe(contactAccount.amount);
		expect(contactAccount.amount).toBeGreaterThanOrEqual(1500);
		expect(contactAccount.amount).toBeLessThanOrEqual(1520);
		await t.admin.reset();
	});
});

describe('faults (POST /admin/v1/faults)', () => {
	test('a 429 with Retry-After for one call of getMe, then normal answers; counted in GET /faults', async () => {
		const fault = await t.admin.faults.create({
			method: 'getMe',
			status: 429,
			headers: { 'Retry-After': '7' },
			body: { message: 'Too Many Attempts.' },
			times: 1,
		});
		const first = await alice().call('getMe');
		expect(first.status).toBe(429);
		expect(first.headers['retry-after']).toBe('7');
		expect(first.headers['x-injected-fault']).toBe(String(fault.id));
		expect(first.data).toEqual({ message: 'Too Many Attempts.' });
		expect((await alice().call('getMe')).status).toBe(200);
		expect((await t.admin.faults.list()).map((f) => [f.id, f.fired])).toEqual([[fault.id, 1]]);
	});

	test('an injected 503 changes no data, and applies only to its method', async () => {
		const before = await contactCount();
		await t.admin.faults.create({ method: 'createOrUpdateContact', status: 503 });
		const refused = await alice().call('createOrUpdateContact', {
			bot_id: 1,
			messenger: 'telegram',
			telegram_id: 888,
			name: 'Nope',
		});
		expect(refused.status).toBe(503);
		expect(refused.data).toEqual({ error: 'Injected fault.' });
		expect(await contactCount()).toBe(before);
		expect((await alice().call('getMe')).status).toBe(200);
	});

	test('drop: the connection is destroyed without an answer, and nothing is stored', async () => {
		const before = await contactCount();
		await t.admin.faults.create({ method: 'createOrUpdateContact', drop: true, times: 1 });
		await expect(
			alice().call('createOrUpdateContact', { bot_id: 1, messenger: 'telegram', telegram_id: 999, name: 'Dropped' }),
		).rejects.toMatchObject({ code: expect.stringMatching(/ECONNRESET|ERR_BAD_RESPONSE|ECONNABORTED/) });
		expect(await contactCount()).toBe(before);
		const [logged] = await t.admin.requests.list({ method: 'createOrUpdateContact' });
		expect(logged).toMatchObject({ status: null, injected: true });
	});

	test('a fault without a method applies to every method; a delay alone lets the call through', async () => {
		await t.admin.faults.create({ status: 500, times: 2 });
		expect((await alice().call('getMe')).status).toBe(500);
		expect((await alice().call('getListSchemas')).status).toBe(500);
		expect((await alice().call('getMe')).status).toBe(200);
		await t.admin.faults.clear();
		const delayed = await t.admin.faults.create({ method: 'getMe', delay_ms: 10, times: 1 });
		expect((await alice().call('getMe')).status).toBe(200);
		expect((await t.admin.faults.list()).find((f) => f.id === delayed.id)?.fired).toBe(1);
	});

	test('probability 0 never acts and probability 1 acts on every call', async () => {
		const never = await t.admin.faults.create({ method: 'getMe', status: 500, probability: 0 });
		const always = await t.admin.faults.create({ method: 'getListSchemas', status: 502, probability: 1 });
		const statuses = [];
		for (let i = 0; i < 5; i++) {
			statuses.push((await alice().call('getMe')).status, (await alice().call('getListSchemas')).status);
		}
		expect(statuses).toEqual([200, 502, 200, 502, 200, 502, 200, 502, 200, 502]);
		expect((await t.admin.faults.list()).map((f) => [f.id, f.fired])).toEqual([
			[never.id, 0],
			[always.id, 5],
		]);
	});

	test('delay_ms holds the answer at least that long, alone or before an injected answer', async () => {
		await t.admin.faults.create({ method: 'getMe', delay_ms: 300, times: 1 });
		await t.admin.faults.create({ method: 'getListSchemas', delay_ms: 300, status: 503, times: 1 });
		expect((await alice().call('getMe')).status).toBe(200);
		expect((await alice().call('getListSchemas')).status).toBe(503);
		const logged = await t.admin.requests.list();
		expect(logged.map((entry) => [entry.method, entry.status, entry.injected])).toEqual([
			['getListSchemas', 503, true],
			['getMe', 200, true],
		]);
		// A lower bound only, which load cannot break; a timer may fire up to 1 ms early by the clock.
		for (const entry of logged) expect(entry.duration_ms).toBeGreaterThanOrEqual(299);
	});

	test('drop, seen by a plain Node client: "socket hang up" (ECONNRESET), only for the times asked', async () => {
		await t.admin.faults.create({ method: 'getMe', drop: true, times: 1 });
		const getMe = () =>
			new Promise<number>((resolve, reject) => {
				const req = httpRequest(`${t.url}/api/v1/getMe`, { headers: { Authorization: `Bearer ${ALICE_KEY}` } }, (res) => {
					res.resume();
					resolve(res.statusCode ?? 0);
				});
				req.on('error', reject);
				req.end();
			});
		await expect(getMe()).rejects.toMatchObject({ code: 'ECONNRESET', message: 'socket hang up' });
		expect(await getMe()).toBe(200);
	});

	test('invalid faults are 422 in the admin error shape, and set nothing', async () => {
		const invalid = [
			{ method: 'noSuchMethod', status: 500 },
			{ status: 500, drop: true },
			{ method: 'getMe' },
			{ status: 99 },
			{ status: 429, probability: 1.5 },
			{ status: 429, probability: -0.1 },
			{ status: 429, headers: { 'Content-Length': '1' } },
			{ headers: { 'Retry-After': '1' }, delay_ms: 5 },
			{ status: 429, times: 0 },
			{ status: 429, extra: true },
		];
		for (const body of invalid) {
			const res = await t.admin.request('POST', '/faults', body);
			expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 422]);
			expect(res.data.errors).toEqual(expect.any(Object));
		}
		expect(await t.admin.faults.list()).toEqual([]);
	});

	test('DELETE /faults/:id and DELETE /faults remove them; an unknown id is 404', async () => {
		const one = await t.admin.faults.create({ method: 'getMe', status: 503 });
		const two = await t.admin.faults.create({ method: 'getContacts', status: 503 });
		await t.admin.faults.delete(one.id);
		expect((await t.admin.faults.list()).map((f) => f.id)).toEqual([two.id]);
		expect((await alice().call('getMe')).status).toBe(200);
		expect((await t.admin.request('DELETE', `/faults/${one.id}`)).status).toBe(404);
		await t.admin.faults.clear();
		expect(await t.admin.faults.list()).toEqual([]);
	});
});

describe('GET /admin/v1/requests', () => {
	test('what clients sent, newest first, with api_token and key-like values redacted', async () => {
		await http.get(`${t.url}/api/v1/getMe?api_token=${ALICE_KEY}`, { headers: { Accept: 'application/json' } });
		await alice().call('getContacts', { bot_id: 1, limit: 2, note: ALICE_KEY, password: 'hunter2' });
		await t.admin.faults.create({ method: 'getMe', status: 429, times: 1 });
		await alice().call('getMe');

		const logged = await t.admin.requests.list();
		expect(logged.map((entry) => [entry.method, entry.status, entry.injected])).toEqual([
			['getMe', 429, true],
			['getContacts', 200, false],
			['getMe', 200, false],
		]);
		expect(logged[2]).toMatchObject({ http_method: 'GET', params: { api_token: '[redacted]' } });
		expect(logged[1].params).toEqual({ bot_id: 1, limit: 2, note: '[redacted]', password: '[redacted]' });
		expect(logged[1].user_id).toMatch(/^[0-9a-f]{24}$/);
		expect(JSON.stringify(logged)).not.toContain(ALICE_KEY);
		expect((await t.admin.requests.list({ method: 'getContacts' })).map((entry) => entry.method)).toEqual(['getContacts']);
		expect(await t.admin.requests.list({ limit: 1 })).toHaveLength(1);
		expect((await t.admin.request('GET', '/requests?limit=0')).status).toBe(422);

		await t.admin.requests.clear();
		expect(await t.admin.requests.list()).toEqual([]);
	});

	test('a body nested thousands of levels deep is logged down to 32 levels, and the server goes on', async () => {
		let deep: unknown = ALICE_KEY;
		for (let i = 0; i < 3000; i++) deep = [deep];
		const refused = await http.post(`${t.url}/api/v1/getMe`, { deep }, { headers: { Accept: 'application/json' } });
		expect(refused.status).toBe(400);
		const [logged] = await t.admin.requests.list({ method: 'getMe' });
		expect(logged.status).toBe(400);
		expect(JSON.stringify(logged.params)).toContain('"[too deep]"');
		expect((await alice().call('getMe')).status).toBe(200);
	});

	test('api_token is redacted from form, JSON and multipart bodies; the Authorization header is never logged', async () => {
		const url = `${t.url}/api/v1/getContacts`;
		const accept = { Accept: 'application/json' };
		const form = new URLSearchParams({ bot_id: '1', api_token: ALICE_KEY }).toString();
		const multipart = new FormData();
		multipart.append('bot_id', '1');
		multipart.append('api_token', ALICE_KEY);
		const answers = [
			await http.post(url, form, { headers: { ...accept, 'Content-Type': 'application/x-www-form-urlencoded' } }),
			await http.post(url, { bot_id: 1, api_token: ALICE_KEY }, { headers: accept }),
			await http.post(url, multipart, { headers: accept }),
			await http.post(url, { bot_id: 1 }, { headers: { ...accept, Authorization: `Bearer ${ALICE_KEY}` } }),
		];
		expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);

		const logged = await t.admin.requests.list({ method: 'getContacts' });
		expect(logged.map((entry) => [entry.http_method, entry.params])).toEqual([
			['POST', { bot_id: 1 }],
			['POST', { bot_id: '1', api_token: '[redacted]' }],
			['POST', { bot_id: 1, api_token: '[redacted]' }],
			['POST', { bot_id: '1', api_token: '[redacted]' }],
		]);
		expect(JSON.stringify(logged)).not.toContain(ALICE_KEY);
		expect(JSON.stringify(logged).toLowerCase()).not.toContain('bearer');
	});
});

describe('the test double on and off', () => {
	test('the request log keeps only REQUEST_LOG_SIZE calls; without the test double its routes are 404', async () => {
		const small = await startTestServer({ requestLogSize: 2 });
		const off = await startTestServer({ testDouble: false });
		try {
			const { user } = await createUserWithBot(small);
			for (let i = 0; i < 3; i++) await user.api.call('getMe');
			expect(await small.admin.requests.list()).toHaveLength(2);
			for (const [verb, route] of [
				['GET', '/faults'],
				['POST', '/reset'],
				['GET', '/requests'],
			] as const) {
				expect((await off.admin.request(verb, route)).status).toBe(404);
			}
			const { user: other, bot } = await createUserWithBot(off);
			await createContact(off, bot);
			expect((await other.api.call('getMe')).status).toBe(200);
		} finally {
			await small.close();
			await off.close();
		}
	});
});

describe('seed files that cannot be used', () => {
	test('an invalid seed is refused in one line naming the path inside the file, before anything is written', async () => {
		const { parseSeed } = await import('../../src/seed/load');
		const cases: [unknown, string][] = [
			[
				{
					users: [
						{ name: 'A', email: 'a@example.com', api_key: 'bp_seed_a_0123456789' },
						{ name: 'B', email: 'b@example.com' },
					],
				},
				'SEED_FILE users[1].api_key: ',
			],
			[
				{ projects: [{ uuid: 'p1', name: 'P', owner: 'nobody@example.com' }] },
				'SEED_FILE projects[0].owner: is no email of `users`',
			],
			[
				{ contacts: [{ bot_id: 3, messenger: 'vk', vk_id: 1, name: 'C' }] },
				'SEED_FILE contacts[0].bot_id: is no bot of the seed',
			],
			[{ users: 'nope' }, 'SEED_FILE users: '],
			[{ colour: 'blue' }, 'SEED_FILE '],
		];
		for (const [seed, start] of cases) {
			let message = '';
			try {
				parseSeed(seed);
			} catch (error) {
				message = (error as Error).message;
			}
			expect(message.startsWith(start)).toBe(true);
			expect(message).not.toContain('\n');
		}
	});
});
