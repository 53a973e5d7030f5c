/** §9 versioning: deprecation headers until the sunset, 410 method_removed after it. */
import { startServerOnSameDatabase } from '../support/contact-accounts';
import { countOperations } from '../support/database-operations';
import { createUser } from '../support/factories';
import { http } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';
import { until } from '../support/wait';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());
// Deprecations are global to the server: restore them whatever a test did.
afterEach(() => t.admin.request('DELETE', '/deprecations/getMe'));

test('§9 the path carries the version', async () => {
	const { api } = await createUser(t);
	expect((await api.call('getMe')).status).toBe(200);
});

test('§9 a deprecated method works as before and sends Deprecation and Sunset', async () => {
	const { api } = await createUser(t);
	const sunset = new Date(Date.now() + 30 * 24 * 3600 * 1000);
	const put = await t.admin.expect(200, 'PUT', '/deprecations/getMe', { sunset: sunset.toISOString() });
	expect(put.data).toEqual({ method: 'getMe', sunset: sunset.toISOString() });
	const res = await api.call('getMe');
	expect(res.status).toBe(200);
	expect(res.data.data.email).toBeDefined();
	expect(res.headers.deprecation).toBe('true');
	expect(new Date(res.headers.sunset).toUTCString()).toBe(sunset.toUTCString());
});

test('§9 after the sunset the method answers 410 with code method_removed', async () => {
	const { api } = await createUser(t);
	await t.admin.expect(200, 'PUT', '/deprecations/getMe', { sunset: new Date(Date.now() - 1000).toISOString() });
	const res = await api.call('getMe');
	expect(res.status).toBe(410);
	expect(res.data).toEqual({ error: expect.any(String), code: 'method_removed' });
});

test('§9 other methods are unaffected, and taking the deprecation back restores the method', async () => {
	const { api } = await createUser(t);
	await t.admin.expect(200, 'PUT', '/deprecations/getMe', { sunset: new Date(Date.now() - 1000).toISOString() });
	const other = await api.call('getListSchemas');
	expect(other.status).toBe(200);
	expect(other.headers.deprecation).toBeUndefined();
	expect((await t.admin.request('DELETE', '/deprecations/getMe')).status).toBe(204);
	const restored = await api.call('getMe');
	expect(restored.status).toBe(200);
	expect(restored.headers.deprecation).toBeUndefined();
});

test('a deprecation needs a known method and an ISO 8601 date', async () => {
	const unknown = await t.admin.request('PUT', '/deprecations/noSuchMethod', { sunset: new Date().toISOString() });
	expect(unknown.status).toBe(404);
	const badDate = await t.admin.request('PUT', '/deprecations/getMe', { sunset: 'next tuesday' });
	expect(badDate.status).toBe(422);
	expect(Object.keys(badDate.data.errors)).toEqual(['sunset']);
});

describe('§9 every answer of a deprecated method carries the headers', () => {
	const sunset = () => new Date(Date.now() + 30 * 24 * 3600 * 1000);

	const expectDeprecationHeaders = (res: { headers: Record<string, unknown> }, expected: Date) => {
		expect(res.headers.deprecation).toBe('true');
		expect(res.headers.sunset).toBe(expected.toUTCString());
	};

	test('§9 malformed JSON (400), another verb (405), no key (401), a bad parameter (422)', async () => {
		const { api, apiKey } = await createUser(t);
		const at = sunset();
		await t.admin.expect(200, 'PUT', '/deprecations/getContactAccounts', { sunset: at.toISOString() });
		try {
			const malformed = await http.post(`${t.url}/api/v1/getContactAccounts`, '{"contact_id":', {
				headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${apiKey}` },
			});
			expect(malformed.status).toBe(400);
			expectDeprecationHeaders(malformed, at);
			const wrongVerb = await api.call('getContactAccounts', {}, { verb: 'PUT' });
			expect(wrongVerb.status).toBe(405);
			expectDeprecationHeaders(wrongVerb, at);
			const noKey = await api.call('getContactAccounts', { contact_id: 1 }, { noAuth: true });
			expect(noKey.status).toBe(401);
			expectDeprecationHeaders(noKey, at);
			const invalid = await api.call('getContactAccounts', { contact_id: 'x' });
			expect(invalid.status).toBe(422);
			expectDeprecationHeaders(invalid, at);
		} finally {
			await t.admin.request('DELETE', '/deprecations/getContactAccounts');
		}
	});

	test('§9 the 410 after the sunset says when it was', async () => {
		const { api } = await createUser(t);
		const past = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
		await t.admin.expect(200, 'PUT', '/deprecations/getMe', { sunset: past.toISOString() });
		const res = await api.call('getMe', {}, { verb: 'PUT' });
		expect(res.status).toBe(410);
		expectDeprecationHeaders(res, past);
	});
});

describe('§9 deprecations across instances sharing one database', () => {
	test('§9 a change applies at once where it was made, and on another instance at its next reload (each second)', async () => {
		const { api } = await createUser(t);
		const other = await startServerOnSameDatabase(t);
		try {
			const onOther = api.onServer(other.url);
			const past = new Date(Date.now() - 1000).toISOString();
			await t.admin.expect(200, 'PUT', '/deprecations/getMe', { sunset: past });
			expect((await api.call('getMe')).status).toBe(410);
			await until(async () => (await onOther.call('getMe')).status === 410, 'the other instance to see the sunset');

			await other.admin.expect(204, 'DELETE', '/deprecations/getMe');
			expect((await onOther.call('getMe')).status).toBe(200);
			await until(async () => (await api.call('getMe')).status === 200, 'this instance to see the deletion');
		} finally {
			await other.server.close();
		}
	});

	test('§9 deprecations are not read from the database on each call', async () => {
		const { api } = await createUser(t);
		const reads = await countOperations('deprecations', () => Promise.all([1, 2, 3, 4, 5].map(() => api.call('getMe'))));
		// At most the periodic reload may fall into the window, never one per call.
		expect(reads).toBeLessThanOrEqual(1);
	});
});
