/** §4.1 common request rules and §7.1 error shapes that every method shares. */
import { createUser } from '../support/factories';
import { http } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§4.1 methods, verbs and parameters', () => {
	test('§4.1 every method answers under /api/v1/<method> to GET and POST', async () => {
		const { api } = await createUser(t);
		expect((await api.call('getMe', {}, { verb: 'GET' })).status).toBe(200);
		expect((await api.call('getMe', {}, { verb: 'POST' })).status).toBe(200);
	});

	test('§4.1 §8 answers carry no ETag: each call counts against the rate limit, so none is answered 304', async () => {
		const { api } = await createUser(t);
		const first = await api.call('getMe', {}, { verb: 'GET' });
		expect(first.status).toBe(200);
		expect(first.headers.etag).toBeUndefined();
		const again = await api.call('getMe', {}, { verb: 'GET', headers: { 'If-None-Match': '*' } });
		expect([again.status, again.data]).toEqual([200, first.data]);
		expect(again.headers['x-ratelimit-remaining']).toBe(String(Number(first.headers['x-ratelimit-remaining']) - 1));
	});

	test('§4.1 the method is the one path segment after /api/v1/: a trailing slash and %-escapes are read as Express reads them', async () => {
		const { apiKey } = await createUser(t);
		const get = (path: string) =>
			http.get(`${t.url}${path}`, { headers: { Accept: 'application/json', Authorization: `Bearer ${apiKey}` } });
		expect((await get('/api/v1/getMe/')).status).toBe(200);
		expect((await get('/api/v1/get%4De')).status).toBe(200);
		const deeper = await get('/api/v1/getMe/more');
		expect([deeper.status, deeper.data]).toEqual([404, { error: 'Not found: GET /api/v1/getMe/more' }]);
		const empty = await get('/api/v1/');
		expect([empty.status, empty.data]).toEqual([404, { error: 'Not found: GET /api/v1/' }]);
		const malformed = await get('/api/v1/get%E0%A4%A');
		expect([malformed.status, malformed.data]).toEqual([400, { message: expect.stringContaining('malformed') }]);
	});

	test('§4.1 an unknown method is a JSON 404', async () => {
		const { api } = await createUser(t);
		const res = await api.call('getEverything');
		expect(res.status).toBe(404);
		expect(res.data).toEqual({ error: expect.stringContaining('getEverything') });
	});

	test('§4.1 another verb is a JSON 405 naming the allowed ones', async () => {
		const { api } = await createUser(t);
		const res = await api.call('getMe', {}, { verb: 'DELETE' });
		expect(res.status).toBe(405);
		expect(res.headers.allow).toBe('GET, POST');
		expect(res.data).toEqual({ error: expect.any(String) });
	});

	test('§4.1 §7.1 a validation failure is a JSON 422 listing the field', async () => {
		const { api } = await createUser(t);
		const res = await api.call('getListSchema', {});
		expect(res.status).toBe(422);
		expect(res.data).toEqual({ message: expect.any(String), errors: { schema_id: [expect.any(String)] } });
	});

	test('§4.1 §7.1 without Accept: application/json a validation failure is a redirect back', async () => {
		const { api } = await createUser(t);
		const res = await api.call('getListSchema', {}, { headers: { Accept: 'text/html', Referer: 'https://app.example/form' } });
		expect(res.status).toBe(302);
		expect(res.headers.location).toBe('https://app.example/form');
		// Like every answer, the redirect is JSON: it says what failed.
		expect(res.headers['content-type']).toMatch(/^application\/json/);
		expect(res.data).toEqual({ message: expect.any(String), errors: { schema_id: [expect.any(String)] } });
		const noReferer = await api.call('getListSchema', {}, { headers: { Accept: '*/*' } });
		expect(noReferer.status).toBe(302);
		expect(noReferer.headers.location).toBe(`${t.url}/`);
	});

	test('§7.1 other errors stay JSON without the Accept header', async () => {
		const { api } = await createUser(t);
		const res = await api.withKey('wrong').call('getMe', {}, { headers: { Accept: 'text/html' } });
		expect(res.status).toBe(401);
		expect(res.data).toEqual({ error: 'unauthorized' });
	});

	test('§7.1 Accept-Language picks the language of texts; keys stay the same', async () => {
		const { api } = await createUser(t);
		const en = await api.call('getListSchema', {});
		const ru = await api.call('getListSchema', {}, { headers: { 'Accept-Language': 'ru-RU,ru;q=0.9,en;q=0.8' } });
		expect(Object.keys(ru.data.errors)).toEqual(Object.keys(en.data.errors));
		expect(ru.data.message).not.toBe(en.data.message);
		expect(ru.data.message).toMatch(/[а-яА-Я]/);
		const unsupported = await api.call('getListSchema', {}, { headers: { 'Accept-Language': 'de-DE' } });
		expect(unsupported.data.message).toBe(en.data.message);
	});
});

describe('hostile and malformed requests: a JSON 4xx, never a 500', () => {
	test('malformed JSON is a JSON 400', async () => {
		const { apiKey } = await createUser(t);
		const res = await http.post(`${t.url}/api/v1/getMe`, '{"broken": ', {
			headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${apiKey}` },
		});
		expect(res.status).toBe(400);
		expect(res.data).toEqual({ message: expect.any(String) });
	});

	test('a JSON body that is not an object is a JSON 400', async () => {
		const { apiKey } = await createUser(t);
		const res = await http.post(`${t.url}/api/v1/getMe`, '[1,2,3]', {
			headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${apiKey}` },
		});
		expect(res.status).toBe(400);
		expect(res.data).toEqual({ message: expect.any(String) });
	});

	test('a huge body is a JSON 413 and the server keeps serving', async () => {
		const { api, apiKey } = await createUser(t);
		const huge = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
		const res = await http.post(`${t.url}/api/v1/getMe`, huge, {
			headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${apiKey}` },
			maxBodyLength: Infinity,
		});
		expect(res.status).toBe(413);
		expect(res.data).toEqual({ message: expect.any(String) });
		expect((await api.call('getMe')).status).toBe(200);
	});

	test('too many form parameters is a JSON 413', async () => {
		const { apiKey } = await createUser(t);
		const body = Array.from({ length: 6000 }, (_, i) => `p${i}=1`).join('&');
		const res = await http.post(`${t.url}/api/v1/getMe`, body, {
			headers: {
				'Content-Type': 'application/x-www-form-urlencoded',
				Accept: 'application/json',
				Authorization: `Bearer ${apiKey}`,
			},
		});
		expect(res.status).toBe(413);
	});

	test('deeply nested query strings and odd encodings do not crash the server', async () => {
		const { api, apiKey } = await createUser(t);
		const nested = `${t.url}/api/v1/getListSchema?schema_id${'[a]'.repeat(50)}=1&%E0%A4%A=x`;
		const res = await http.get(nested, { headers: { Accept: 'application/json', Authorization: `Bearer ${apiKey}` } });
		expect(res.status).toBeGreaterThanOrEqual(400);
		expect(res.status).toBeLessThan(500);
		expect((await api.call('getMe')).status).toBe(200);
	});

	test('an unknown path outside the API is a JSON 404', async () => {
		const res = await http.get(`${t.url}/nowhere`);
		expect(res.status).toBe(404);
		expect(res.data).toEqual({ error: expect.any(String) });
	});

	test('/healthz answers 200 {status: "ok"} while the database is reachable', async () => {
		const res = await http.get(`${t.url}/healthz`);
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ status: 'ok' });
	});
});
