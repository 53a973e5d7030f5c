/** §9 versioning: deprecation headers until the sunset, 410 method_removed after it. */
import { createAccount } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());
// Deprecations are global to the server: restore them whatever a test did.
afterEach(() => t.admin.request('DELETE', '/deprecations/getMe'));

test('§9 the path carries the version', async () => {
	const { api } = await createAccount(t);
	expect((await api.call('getMe')).status).toBe(200);
});

test('§9 a deprecated method works as before and sends Deprecation and Sunset', async () => {
	const { api } = await createAccount(t);
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
	const { api } = await createAccount(t);
	await t.admin.expect(200, 'PUT', '/deprecations/getMe', { sunset: new Date(Date.now() - 1000).toISOString() });
	const res = await api.call('getMe');
	expect(res.status).toBe(410);
	expect(res.data).toEqual({ error: expect.any(String), code: 'method_removed' });
});

test('§9 other methods are unaffected, and taking the deprecation back restores the method', async () => {
	const { api } = await createAccount(t);
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
