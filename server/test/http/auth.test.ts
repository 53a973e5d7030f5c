/** §5 Authentication and getMe; §7.1 bodies of 401, 402, 403. */
import { ApiClient } from '../support/api-client';
import { createUser } from '../support/factories';
import { http, sendRaw } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§5 API key', () => {
	test('§5.1 a bearer key reaches getMe, which returns the key holder (§5.5)', async () => {
		const user = await createUser(t);
		const res = await user.api.call('getMe', {}, { verb: 'GET' });
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ data: { id: user.id, name: expect.any(String), email: user.email, plan: 'pro' } });
	});

	test('§5.2 the key may travel as api_token in the query string or in the body', async () => {
		const user = await createUser(t);
		const inQuery = await user.api.call('getMe', { api_token: user.apiKey }, { verb: 'GET', noAuth: true });
		const inJson = await user.api.call('getMe', { api_token: user.apiKey }, { noAuth: true });
		const inForm = await user.api.call('getMe', { api_token: user.apiKey }, { noAuth: true, as: 'form' });
		expect([inQuery.status, inJson.status, inForm.status]).toEqual([200, 200, 200]);
		expect(inForm.data.data.id).toBe(user.id);
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
		const user = await createUser(t);
		const { data } = await t.admin.expect(200, 'POST', `/users/${user.id}/api-key`);
		expect(data.api_key).not.toBe(user.apiKey);
		expect((await user.api.call('getMe')).status).toBe(401);
		expect((await user.api.withKey(data.api_key).call('getMe')).status).toBe(200);
	});

	test('§5.6 §7.1 an owner without the Pro plan gets 402 with code pro_required', async () => {
		const user = await createUser(t, { plan: 'free' });
		const res = await user.api.call('getMe');
		expect(res.status).toBe(402);
		expect(res.data).toEqual({ error: expect.any(String), code: 'pro_required' });
	});

	test('§5.6 moving to Pro or back takes effect on the next request', async () => {
		const user = await createUser(t, { plan: 'free' });
		await t.admin.expect(200, 'PATCH', `/users/${user.id}`, { plan: 'pro' });
		expect((await user.api.call('getMe')).status).toBe(200);
		await t.admin.expect(200, 'PATCH', `/users/${user.id}`, { plan: 'free' });
		expect((await user.api.call('getMe')).status).toBe(402);
	});

	test('§7.1 a blocked user gets 403 {error}', async () => {
		const user = await createUser(t);
		await t.admin.expect(200, 'PATCH', `/users/${user.id}`, { blocked: true });
		const res = await user.api.call('getMe');
		expect(res.status).toBe(403);
		expect(res.data).toEqual({ error: expect.any(String) });
	});

	test('keys are long random strings, and no two users share one', async () => {
		const [a, b] = await Promise.all([createUser(t), createUser(t)]);
		expect(a.apiKey.length).toBeGreaterThanOrEqual(40);
		expect(a.apiKey).not.toBe(b.apiKey);
	});

	test('keys are stored only as hashes', async () => {
		const user = await createUser(t);
		const stored = await t.server.database.connection.collection('users').findOne({ email: user.email });
		expect(JSON.stringify(stored)).not.toContain(user.apiKey);
	});
});

describe('hostile authentication input', () => {
	test('operator injection in api_token (query, form, JSON) is never a key', async () => {
		await createUser(t);
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
		const user = await createUser(t);
		expect((await getMeWith([`Bearer ${user.apiKey}`])).status).toBe(200);
		for (const pair of [
			[`Bearer ${user.apiKey}`, 'Bearer bp_wrong'],
			['Bearer bp_wrong', `Bearer ${user.apiKey}`],
			[`Bearer ${user.apiKey}`, `Bearer ${user.apiKey}`],
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
