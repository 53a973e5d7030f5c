/** §8 rate limit: per account, across all methods and keys, shared by every instance on one database. */
import { createAccount } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

const LIMIT = 5;

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer({ rateLimitPerMinute: LIMIT });
});
afterAll(() => t.close());

test('§8 the limit counts every method of an account; the next call is a 429 with Retry-After', async () => {
	const { api } = await createAccount(t);
	const remaining: string[] = [];
	for (let i = 0; i < LIMIT; i++) {
		const res = await api.call(i % 2 ? 'getMe' : 'getListSchemas');
		expect(res.status).toBe(200);
		remaining.push(res.headers['x-ratelimit-remaining']);
	}
	expect(remaining).toEqual(['4', '3', '2', '1', '0']);
	const over = await api.call('getMe');
	expect(over.status).toBe(429);
	expect(over.data).toEqual({ message: expect.any(String) });
	expect(over.headers['x-ratelimit-remaining']).toBe('0');
	const retryAfter = Number(over.headers['retry-after']);
	expect(Number.isInteger(retryAfter)).toBe(true);
	expect(retryAfter).toBeGreaterThanOrEqual(1);
	expect(retryAfter).toBeLessThanOrEqual(60);
});

test('§8 parallel calls never get more than the limit through', async () => {
	const { api } = await createAccount(t);
	const statuses = (await Promise.all(Array.from({ length: 3 * LIMIT }, () => api.call('getMe')))).map((res) => res.status);
	expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
	expect(statuses.filter((status) => status === 429)).toHaveLength(2 * LIMIT);
});

test('§8 accounts are limited separately', async () => {
	const [first, second] = await Promise.all([createAccount(t), createAccount(t)]);
	await Promise.all(Array.from({ length: LIMIT }, () => first.api.call('getMe')));
	expect((await first.api.call('getMe')).status).toBe(429);
	expect((await second.api.call('getMe')).status).toBe(200);
});

test('§8 a regenerated key does not reset the account’s budget', async () => {
	const account = await createAccount(t);
	await Promise.all(Array.from({ length: LIMIT }, () => account.api.call('getMe')));
	const { data } = await t.admin.expect(200, 'POST', `/users/${account.id}/api-key`);
	expect((await account.api.withKey(data.api_key).call('getMe')).status).toBe(429);
});

test('§8 two server instances on one database share one limit', async () => {
	const { host, port, name } = t.server.database.connection;
	const second = await startTestServer({ rateLimitPerMinute: LIMIT, mongodbUri: `mongodb://${host}:${port}/${name}` });
	try {
		const account = await createAccount(t);
		const onFirst = account.api;
		const onSecond = account.api.onServer(second.url);
		const statuses = (
			await Promise.all(Array.from({ length: 2 * LIMIT }, (_, i) => (i % 2 ? onFirst : onSecond).call('getMe')))
		).map((res) => res.status);
		expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
	} finally {
		await second.server.close();
	}
});
