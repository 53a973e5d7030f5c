/**
 * §4.1 §7.1 JSON 422 or redirect back: the platform decides by Laravel's `expectsJson()`, and so do we. Each request
 * is shaped as a public client sends it, by that client where it runs here (Node's fetch, axios), byte for byte
 * otherwise (Python's requests and httpx, a browser's XHR, PJAX).
 */
import { referenceMismatch } from '../support/openapi-conformance';
import { createUser, type TestUser } from '../support/factories';
import { http, sendRaw } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let user: TestUser;
beforeAll(async () => {
	t = await startTestServer();
	user = await createUser(t);
});
afterAll(() => t.close());

/** getListSchema without its `schema_id`: a validation failure, whose answer the headers decide. */
async function failValidation(headers: string[]): Promise<{ status: number; location?: string; body: unknown }> {
	const request =
		'GET /api/v1/getListSchema HTTP/1.1\r\nHost: test\r\nConnection: close\r\nReferer: https://app.example/form\r\n' +
		`Authorization: Bearer ${user.apiKey}\r\n` +
		headers.map((header) => `${header}\r\n`).join('') +
		'\r\n';
	const res = await sendRaw(t.url, request);
	return { status: res.status, location: res.headers.location, body: JSON.parse(res.body) };
}

const failure = { message: expect.any(String), errors: { schema_id: [expect.any(String)] } };

describe('§4.1 §7.1 real clients', () => {
	test("Node's fetch (Accept: */*) gets a redirect, and a JSON 422 once it says X-Requested-With", async () => {
		const url = `${t.url}/api/v1/getListSchema`;
		const call = async (headers: Record<string, string>) => {
			const res = await fetch(url, { headers: { Authorization: `Bearer ${user.apiKey}`, ...headers }, redirect: 'manual' });
			const answer = { status: res.status, headers: Object.fromEntries(res.headers), body: await res.json() };
			expect(referenceMismatch({ verb: 'get', url, ...answer })).toBeUndefined();
			return answer;
		};
		const plain = await call({});
		expect([plain.status, plain.headers.location]).toEqual([302, `${t.url}/`]);
		const xhr = await call({ 'X-Requested-With': 'XMLHttpRequest' });
		expect([xhr.status, xhr.body]).toEqual([422, failure]);
	});

	test('axios with its default Accept (application/json, text/plain, */*) gets a JSON 422', async () => {
		expect(http.defaults.headers.common.Accept).toBe('application/json, text/plain, */*');
		const res = await http.get(`${t.url}/api/v1/getListSchema`, { headers: { Authorization: `Bearer ${user.apiKey}` } });
		expect([res.status, res.data]).toEqual([422, failure]);
	});

	test.each([
		['requests', ['User-Agent: python-requests/2.32.3', 'Accept-Encoding: gzip, deflate', 'Accept: */*']],
		['httpx', ['accept: */*', 'accept-encoding: gzip, deflate', 'user-agent: python-httpx/0.28.1']],
	])('Python %s: Accept */* is a redirect, with X-Requested-With: XMLHttpRequest a JSON 422', async (_, headers) => {
		const plain = await failValidation(headers);
		expect([plain.status, plain.location, plain.body]).toEqual([302, 'https://app.example/form', failure]);
		const xhr = await failValidation([...headers, 'X-Requested-With: XMLHttpRequest']);
		expect([xhr.status, xhr.body]).toEqual([422, failure]);
	});

	test("jQuery's XHR for JSON (application/json, text/javascript, */*; q=0.01) gets a JSON 422", async () => {
		const res = await failValidation([
			'Accept: application/json, text/javascript, */*; q=0.01',
			'X-Requested-With: XMLHttpRequest',
		]);
		expect(res.status).toBe(422);
	});
});

describe('§4.1 an XHR expects JSON unless its Accept asks for something else first, or it is PJAX', () => {
	const XHR = 'X-Requested-With: XMLHttpRequest';
	test.each([
		['no Accept', 422, [XHR]],
		['an empty Accept', 422, [XHR, 'Accept:']],
		['Accept: *', 422, [XHR, 'Accept: *']],
		['Accept: */*;q=0.8', 422, [XHR, 'Accept: */*;q=0.8']],
		['*/* ranked first by quality', 422, [XHR, 'Accept: text/html;q=0.5, */*']],
		['text/html first', 302, [XHR, 'Accept: text/html, */*']],
		['text/html only', 302, [XHR, 'Accept: text/html']],
		['PJAX', 302, [XHR, 'X-PJAX: true', 'Accept: */*']],
		['X-PJAX: 0, which PHP reads as false', 422, [XHR, 'X-PJAX: 0', 'Accept: */*']],
		['X-Requested-With in another case', 302, ['X-Requested-With: xmlhttprequest', 'Accept: */*']],
		['no X-Requested-With and no Accept', 302, []],
	])('%s: %d', async (_, status, headers) => {
		expect((await failValidation(headers)).status).toBe(status);
	});
});

describe('§4.1 otherwise only the first type of Accept counts', () => {
	test.each([
		['application/json', 422],
		['APPLICATION/JSON', 422],
		['application/json; charset=utf-8', 422],
		['application/vnd.api+json', 422],
		['application/json;q=0', 422],
		['text/plain;q=0.1, application/json;q=0.9', 422],
		['text/html, application/json', 302],
		['application/json;q=0.5, text/html', 302],
		// A type named twice keeps its last quality.
		['application/json, text/html;q=0.9, application/json;q=0.1', 302],
		// A comma inside a quoted parameter splits nothing.
		['text/html;q=0.1;p="x,application/json"', 302],
		// q that is no number counts as 0, as PHP reads it.
		['application/json;q=high, text/html;q=0.1', 302],
		['*/*', 302],
	])('Accept: %s: %d', async (accept, status) => {
		expect((await failValidation([`Accept: ${accept}`])).status).toBe(status);
	});
});
