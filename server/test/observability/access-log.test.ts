/**
 * The log of a real server process: every stdout line is a JSON object; one access line per request with
 * req_id, method, path, api_method, status, duration_ms and user_id; the request id round-trips through
 * X-Request-Id; and no API key or token ever appears, wherever the client sent it.
 */
import { http } from '../support/http';
import { listeningUrl, serverLog, startProcess, stopProcess } from '../support/processes';

const ADMIN_TOKEN = 'access-log-admin-token-0123456789';

test('one JSON access line per request, with the request id, and no secrets anywhere', async () => {
	const child = startProcess({ PORT: '0', ADMIN_TOKEN, LOG_LEVEL: 'debug', LOG_FORMAT: 'json' });
	let stdout = '';
	child.stdout!.on('data', (chunk) => (stdout += chunk));
	const log = serverLog(child);
	try {
		const url = await listeningUrl(log);
		const created = await http.post(
			`${url}/admin/v1/users`,
			{ name: 'Logged', email: 'logged@example.com' },
			{ headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'X-Request-Id': 'provision-1' } },
		);
		expect(created.status).toBe(201);
		expect(created.headers['x-request-id']).toBe('provision-1');
		const { id: userId, api_key: apiKey } = created.data.data;

		// The key in the query string, in the body and in the header: it must show up nowhere.
		const inQuery = await http.get(`${url}/api/v1/getMe?api_token=${apiKey}`, { headers: { Accept: 'application/json' } });
		const inBody = await http.post(`${url}/api/v1/getMe`, { api_token: apiKey }, { headers: { Accept: 'application/json' } });
		const inHeader = await http.get(`${url}/api/v1/getMe`, {
			headers: { Authorization: `Bearer ${apiKey}`, Accept: 'application/json', 'X-Request-Id': 'not a valid id!' },
		});
		expect([inQuery.status, inBody.status, inHeader.status]).toEqual([200, 200, 200]);
		// A request id that is not a sensible token is replaced, not echoed.
		expect(inHeader.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
		const unknown = await http.get(`${url}/api/v1/noSuchMethod?api_token=${apiKey}`);
		const reference = await http.get(`${url}/openapi.json`);
		const health = await http.get(`${url}/healthz`);
		const metrics = await http.get(`${url}/metrics`);
		expect([unknown.status, reference.status, health.status, metrics.status]).toEqual([404, 200, 200, 200]);
		expect(await stopProcess(child)).toBe(0);

		const lines = stdout.trim().split('\n');
		const entries = lines.map((line) => JSON.parse(line));
		expect(entries.every((entry) => typeof entry.level === 'string' && typeof entry.time === 'string')).toBe(true);
		const access = entries.filter((entry) => entry.msg === 'request');
		expect(access.map((entry) => [entry.method, entry.path, entry.status])).toEqual([
			['POST', '/admin/v1/users', 201],
			['GET', '/api/v1/getMe', 200],
			['POST', '/api/v1/getMe', 200],
			['GET', '/api/v1/getMe', 200],
			['GET', '/api/v1/noSuchMethod', 404],
			['GET', '/openapi.json', 200],
			['GET', '/healthz', 200],
			['GET', '/metrics', 200],
		]);
		for (const entry of access) {
			expect(entry).toEqual(
				expect.objectContaining({ req_id: expect.any(String), handler: expect.any(String), duration_ms: expect.any(Number) }),
			);
		}
		expect(access[0]).toMatchObject({ req_id: 'provision-1', handler: 'admin', level: 'info' });
		expect(access[0].api_method).toBeUndefined();
		for (const entry of access.slice(1, 4)) expect(entry).toMatchObject({ handler: 'api', api_method: 'getMe', user_id: userId });
		expect(access[3].req_id).toBe(inHeader.headers['x-request-id']);
		expect(access[4]).toMatchObject({ handler: 'api', status: 404 });
		expect(access[4].api_method).toBeUndefined();
		expect(access[5]).toMatchObject({ handler: 'openapi', level: 'info' });
		expect(access[5].api_method).toBeUndefined();
		// Polled by machines: logged at debug while they succeed.
		expect(access.slice(6).map((entry) => [entry.handler, entry.level])).toEqual([
			['healthz', 'debug'],
			['metrics', 'debug'],
		]);

		for (const secret of [apiKey, ADMIN_TOKEN]) expect(stdout).not.toContain(secret);
	} finally {
		child.kill('SIGKILL');
	}
});

test('§4.1 §5 requests refused before their handler: one access line each, with the reason, and no stack anywhere', async () => {
	const child = startProcess({ PORT: '0', ADMIN_TOKEN, AUTH_FAILURES_PER_MINUTE: '1', LOG_FORMAT: 'json' });
	const log = serverLog(child);
	try {
		const url = await listeningUrl(log);
		const json = { Accept: 'application/json', 'Content-Type': 'application/json' };
		const form = { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' };
		const deep = `x${'[a]'.repeat(33)}=1`;
		const withFile = new FormData();
		withFile.append('name', new Blob(['%PDF-1.4']), 'doc.pdf');
		const statuses = [
			(await http.post(`${url}/api/v1/getMe`, `{"a":${'['.repeat(3000)}${']'.repeat(3000)}}`, { headers: json })).status,
			(await http.post(`${url}/api/v1/getMe`, deep, { headers: form })).status,
			(await http.get(`${url}/api/v1/getMe?${deep}`, { headers: json })).status,
			(await http.get(`${url}/api/v1/getMe?${Array(5001).fill('p').join('&')}`, { headers: json })).status,
			(await http.post(`${url}/api/v1/getMe`, '{"a":1}', { headers: { ...json, 'Content-Encoding': 'gzip' } })).status,
			(await http.post(`${url}/api/v1/getMe`, withFile, { headers: { Accept: 'application/json' } })).status,
			(await http.get(`${url}/api/v1/%E0%A4%A`, { headers: json })).status,
			(await http.get(`${url}/admin/v1/%E0%A4%A`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })).status,
			(await http.get(`${url}/api/v1/getMe?pad=${'x'.repeat(20_000)}`, { headers: json })).status,
			(await http.get(`${url}/api/v1/getMe`, { headers: { ...json, Authorization: 'Bearer wrong' } })).status,
			(await http.get(`${url}/api/v1/getMe`, { headers: { ...json, Authorization: 'Bearer wrong' } })).status,
			(await http.get(`${url}/admin/v1/users`, { headers: { Authorization: 'Bearer wrong' } })).status,
			(await http.get(`${url}/admin/v1/users`, { headers: { Authorization: 'Bearer wrong' } })).status,
		];
		// A key no user can have ("wrong" is too short) is refused without a lookup and never throttled (§5); a wrong
		// admin token is, past the allowance.
		expect(statuses).toEqual([400, 400, 400, 413, 400, 422, 400, 404, 431, 401, 401, 401, 429]);
		expect(await stopProcess(child)).toBe(0);

		const access = log.entries.filter((entry) => entry.msg === 'request');
		expect(access.map((entry) => entry.status)).toEqual(statuses);
		for (const entry of access) expect(entry).toMatchObject({ level: 'info', error: expect.any(String) });
		// Nothing else was logged about these requests: every other line is about starting or stopping.
		const others = log.entries.filter((entry) => entry.msg !== 'request').map((entry) => entry.msg);
		expect(others.filter((msg) => !/^(starting|database|listening on|SIGTERM received|stopped)/.test(msg))).toEqual([]);
		expect(log.entries.filter((entry) => entry.err !== undefined || /\\n\s+at /.test(JSON.stringify(entry)))).toEqual([]);
	} finally {
		child.kill('SIGKILL');
	}
});

test("a refusal's reason is logged in English whatever the client's language; the client gets its own", async () => {
	const child = startProcess({ PORT: '0', ADMIN_TOKEN, LOG_FORMAT: 'json' });
	const log = serverLog(child);
	try {
		const url = await listeningUrl(log);
		const created = await http.post(
			`${url}/admin/v1/users`,
			{ name: 'Russian', email: 'russian@example.com' },
			{ headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } },
		);
		const headers = { Authorization: `Bearer ${created.data.data.api_key}`, Accept: 'application/json', 'Accept-Language': 'ru' };
		const invalid = await http.post(`${url}/api/v1/addContactAccount`, { contact_id: 'x' }, { headers });
		const missing = await http.post(`${url}/api/v1/getListSchema`, { schema_id: '0123456789abcdef01234567' }, { headers });
		expect([invalid.status, missing.status]).toEqual([422, 404]);
		// The client reads Russian (Cyrillic letters)...
		expect(invalid.data.message).toMatch(/[а-я]/i);
		expect(missing.data.message).toMatch(/[а-я]/i);
		expect(await stopProcess(child)).toBe(0);

		// ...the operator English: the same refusals as an English client would be told them.
		const errors = log.entries.filter((entry) => entry.msg === 'request' && entry.status >= 400).map((entry) => entry.error);
		expect(errors).toEqual([
			expect.stringMatching(/^The contact id field must be a number\. \(and 1 more errors?\)$/),
			'List not found.',
		]);
	} finally {
		child.kill('SIGKILL');
	}
});
