/** §5 Authentication and getMe; §7.1 bodies of 401, 402, 403. */
import { ApiClient } from '../support/api-client';
import { createAccount } from '../support/factories';
import { http, sendRaw } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§5 API key', () => {
	test('§5.1 a bearer key reaches getMe, which returns the key holder (§5.5)', async () => {
		const account = await createAccount(t);
		const res = await account.api.call('getMe', {}, { verb: 'GET' });
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ data: { id: account.id, name: expect.any(String), email: account.email, plan: 'pro' } });
	});

	test('§5.2 the key may travel as api_token in the query string or in the body', async () => {
		const account = await createAccount(t);
		const inQuery = await account.api.call('getMe', { api_token: account.apiKey }, { verb: 'GET', noAuth: true });
		const inJson = await account.api.call('getMe', { api_token: account.apiKey }, { noAuth: true });
		const inForm = await account.api.call('getMe', { api_token: account.apiKey }, { noAuth: true, as: 'form' });
		expect([inQuery.status, inJson.status, inForm.status]).toEqual([200, 200, 200]);
		expect(inForm.data.data.id).toBe(account.id);
	});

	test('§5.7 §7.1 a missing or wrong key gives 401 {error: "unauthorized"}', async () => {
		const missing = await new ApiClient(t.url, '').call('getMe', {}, { noAuth: true });
		const wrong = await new ApiClient(t.url, 'bp_not-a-real-key').call('getMe');
		const malformedHeader = await new ApiClient(t.url, '').call(
			'getMe',
			{},
			{ noAuth: true, headers: { Authorization: 'Basic abc' } },
		);
		for (const res of [missing, wrong, malformedHeader]) {
			expect(res.status).toBe(401);
			expect(res.data).toEqual({ error: 'unauthorized' });
		}
	});

	test('§5.4 a regenerated key invalidates the old one at once', async () => {
		const account = await createAccount(t);
		const { data } = await t.admin.expect(200, 'POST', `/users/${account.id}/api-key`);
		expect(data.api_key).not.toBe(account.apiKey);
		expect((await account.api.call('getMe')).status).toBe(401);
		expect((await account.api.withKey(data.api_key).call('getMe')).status).toBe(200);
	});

	test('§5.6 §7.1 an owner without the Pro plan gets 402 with code pro_required', async () => {
		const account = await createAccount(t, { plan: 'free' });
		const res = await account.api.call('getMe');
		expect(res.status).toBe(402);
		expect(res.data).toEqual({ error: expect.any(String), code: 'pro_required' });
	});

	test('§5.6 moving to Pro or back takes effect on the next request', async () => {
		const account = await createAccount(t, { plan: 'free' });
		await t.admin.expect(200, 'PATCH', `/users/${account.id}`, { plan: 'pro' });
		expect((await account.api.call('getMe')).status).toBe(200);
		await t.admin.expect(200, 'PATCH', `/users/${account.id}`, { plan: 'free' });
		expect((await account.api.call('getMe')).status).toBe(402);
	});

	test('§7.1 a blocked user gets 403 {error}', async () => {
		const account = await createAccount(t);
		await t.admin.expect(200, 'PATCH', `/users/${account.id}`, { blocked: true });
		const res = await account.api.call('getMe');
		expect(res.status).toBe(403);
		expect(res.data).toEqual({ error: expect.any(String) });
	});

	test('keys are long random strings, and no two accounts share one', async () => {
		const [a, b] = await Promise.all([createAccount(t), createAccount(t)]);
		expect(a.apiKey.length).toBeGreaterThanOrEqual(40);
		expect(a.apiKey).not.toBe(b.apiKey);
	});

	test('keys are stored only as hashes', async () => {
		const account = await createAccount(t);
		const stored = await t.server.database.connection.collection('users').findOne({ email: account.email });
		expect(JSON.stringify(stored)).not.toContain(account.apiKey);
	});
});

describe('hostile authentication input', () => {
	test('operator injection in api_token (query, form, JSON) is never a key', async () => {
		await createAccount(t);
		const client = new ApiClient(t.url, '');
		const attempts = [
			client.call('getMe', { api_token: { $ne: 'x' } }, { verb: 'GET', noAuth: true }),
			client.call('getMe', { api_token: { $ne: 'x' } }, { noAuth: true, as: 'form' }),
			client.call('getMe', { api_token: { $ne: null } }, { noAuth: true }),
			client.call('getMe', { api_token: { $gt: '' } }, { noAuth: true }),
			client.call('getMe', { api_token: ['a', 'b'] }, { noAuth: true }),
		];
		for (const res of await Promise.all(attempts)) {
			expect(res.status).toBe(401);
			expect(res.data).toEqual({ error: 'unauthorized' });
		}
	});

	test('a raw query string with bracket operators is refused the same way', async () => {
		const res = await http.get(`${t.url}/api/v1/getMe?api_token[$ne]=x`, { headers: { Accept: 'application/json' } });
		expect(res.status).toBe(401);
	});
});

describe('§5.1 exactly one Authorization header', () => {
	const getMeWith = (authorizations: string[]) =>
		sendRaw(
			t.url,
			'GET /api/v1/getMe HTTP/1.1\r\nHost: test\r\nAccept: application/json\r\nConnection: close\r\n' +
				authorizations.map((value) => `Authorization: ${value}\r\n`).join('') +
				'\r\n',
		);

	test('§5.1 §5.7 two Authorization headers are refused with 401, whichever of them is valid', async () => {
		const account = await createAccount(t);
		expect((await getMeWith([`Bearer ${account.apiKey}`])).status).toBe(200);
		for (const pair of [
			[`Bearer ${account.apiKey}`, 'Bearer bp_wrong'],
			['Bearer bp_wrong', `Bearer ${account.apiKey}`],
			[`Bearer ${account.apiKey}`, `Bearer ${account.apiKey}`],
		]) {
			const res = await getMeWith(pair);
			expect(res.status).toBe(401);
			expect(res.headers['content-type']).toMatch(/^application\/json/);
			expect(JSON.parse(res.body)).toEqual({ error: 'unauthorized' });
		}
	});

	test('two Authorization headers on the admin API are refused with 401', async () => {
		const res = await sendRaw(
			t.url,
			'GET /admin/v1/bots/1 HTTP/1.1\r\nHost: test\r\nConnection: close\r\n' +
				`Authorization: Bearer ${t.admin.token}\r\nAuthorization: Bearer ${t.admin.token}\r\n\r\n`,
		);
		expect(res.status).toBe(401);
	});
});
