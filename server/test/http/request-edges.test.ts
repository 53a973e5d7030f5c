/**
 * §4.1 §7.1 requests that are wrong as requests: each answers a clear 4xx in JSON and changes nothing, and the log
 * gets one line for it, its access line, with the reason and without a stack trace. (The generated corpus,
 * hostile-input.test.ts, covers them all broadly.)
 */
import { gzipSync } from 'node:zlib';
import { createUserWithBot, createContact, createListForTest } from '../support/factories';
import { capturedLog } from '../support/captured-log';
import { http, sendRaw } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';
import { until } from '../support/wait';

const { logger, lines: logLines } = capturedLog();
let t: TestServer;
beforeAll(async () => {
	t = await startTestServer({}, logger);
});
afterAll(() => t.close());
beforeEach(() => logLines.splice(0));

/**
 * A request's log is its access line alone (found by the request id the answer carries; none for a request Node's
 * parser refused), with the refusal's reason, at info, and no line anywhere has a stack trace. The line is written
 * once the answer is handed over, which may be just after the client has it.
 */
async function expectOneLogLine(requestId: string | undefined, status: number) {
	const ofRequest = () => logLines.filter((line) => line.req_id === requestId);
	await until(() => ofRequest().length > 0, `the log line of request ${requestId}`);
	expect(ofRequest()).toEqual([expect.objectContaining({ msg: 'request', level: 'info', status, error: expect.any(String) })]);
	expect(logLines.filter((line) => line.err !== undefined || JSON.stringify(line).includes('\\n    at '))).toEqual([]);
}

const jsonHeaders = (apiKey: string, extra: Record<string, string> = {}) => ({
	Accept: 'application/json',
	Authorization: `Bearer ${apiKey}`,
	...extra,
});

/** A 4xx JSON answer `{message}`, logged as one line without a stack trace. */
async function expectClientMistake(res: { status: number; headers: Record<string, any>; data: any }, status: number) {
	expect(res.status).toBe(status);
	expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
	expect(res.data).toEqual({ message: expect.any(String) });
	await expectOneLogLine(res.headers['x-request-id'], status);
}

test('§4.1 a JSON array nested thousands of levels deep is a 400, not a stack overflow', async () => {
	const { user } = await createUserWithBot(t);
	const body = `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`;
	const res = await http.post(`${t.url}/api/v1/createListSchema`, body, {
		headers: jsonHeaders(user.apiKey, { 'Content-Type': 'application/json' }),
	});
	await expectClientMistake(res, 400);
	expect((await user.api.call('getListSchemas')).data.data).toEqual([]);
});

test('§4.1 a form body or query string nested past 32 levels is a 400', async () => {
	const { user } = await createUserWithBot(t);
	const deep = `x${'[a]'.repeat(33)}=1`;
	const form = await http.post(`${t.url}/api/v1/getMe`, deep, {
		headers: jsonHeaders(user.apiKey, { 'Content-Type': 'application/x-www-form-urlencoded' }),
	});
	await expectClientMistake(form, 400);
	await expectClientMistake(await http.get(`${t.url}/api/v1/getMe?${deep}`, { headers: jsonHeaders(user.apiKey) }), 400);
	// 32 levels are still read.
	const allowed = await http.get(`${t.url}/api/v1/getMe?x${'[a]'.repeat(32)}=1`, { headers: jsonHeaders(user.apiKey) });
	expect(allowed.status).toBe(200);
});

test('§4.1 a query string of more than 5,000 parameters is a 413, as a form body is, not silently cut', async () => {
	const { user } = await createUserWithBot(t);
	// Short parameters, so that the URL stays under Node's 16 KB.
	const query = Array.from({ length: 5001 }, () => 'p').join('&');
	await expectClientMistake(await http.get(`${t.url}/api/v1/getMe?${query}`, { headers: jsonHeaders(user.apiKey) }), 413);
	const atTheLimit = query.slice(0, query.lastIndexOf('&'));
	expect((await http.get(`${t.url}/api/v1/getMe?${atTheLimit}`, { headers: jsonHeaders(user.apiKey) })).status).toBe(200);
});

test.each(['gzip', 'br', 'deflate'])('§4.1 Content-Encoding: %s on a body that is not compressed is a 400', async (encoding) => {
	const { user } = await createUserWithBot(t);
	const res = await http.post(`${t.url}/api/v1/getMe`, '{"a":1}', {
		headers: jsonHeaders(user.apiKey, { 'Content-Type': 'application/json', 'Content-Encoding': encoding }),
	});
	await expectClientMistake(res, 400);
});

test('§4.1 a gzip body is read; one that inflates past 1 MB is a 413', async () => {
	const { user, project } = await createUserWithBot(t);
	const params = { name: 'Zipped', project_uuid: project.uuid, fields: [{ name: 'T', slug: 't', type: 'string' }] };
	const zipped = await http.post(`${t.url}/api/v1/createListSchema`, gzipSync(JSON.stringify(params)), {
		headers: jsonHeaders(user.apiKey, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }),
	});
	expect(zipped.status).toBe(201);
	const bomb = gzipSync(JSON.stringify({ name: 'x'.repeat(2_000_000) }));
	const res = await http.post(`${t.url}/api/v1/getMe`, bomb, {
		headers: jsonHeaders(user.apiKey, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }),
	});
	await expectClientMistake(res, 413);
});

test.each(['/api/v1/%E0%A4%A', '/admin/v1/users/%E0%A4%A', '/admin/v1/bots/%'])(
	'§4.1 a malformed %%-escape in the path (%s) is a 400',
	async (path) => {
		const res = await http.get(`${t.url}${path}`, { headers: jsonHeaders(t.admin.token) });
		await expectClientMistake(res, 400);
	},
);

test('§4.16 a lone UTF-16 surrogate in email is a 422 on email, in the API and the admin API', async () => {
	const { user, bot } = await createUserWithBot(t);
	const res = await user.api.call('createOrUpdateContact', {
		bot_id: bot.id,
		messenger: 'telegram',
		telegram_id: 77,
		name: 'Lone',
		email: 'a\ud800@example.com',
	});
	expect(res.status).toBe(422);
	expect(Object.keys(res.data.errors)).toEqual(['email']);
	const admin = await t.admin.request('POST', '/contacts', {
		bot_id: bot.id,
		messenger: 'telegram',
		telegram_id: 78,
		name: 'Lone',
		email: 'b\udc00@example.com',
	});
	expect(admin.status).toBe(422);
	expect(Object.keys(admin.data.errors)).toEqual(['email']);
	expect((await user.api.call('getNumberOfContacts', { bot_id: bot.id })).data.count).toBe(0);
});

test.each(['__proto__', 'constructor', 'toString'])(
	'§4.16 messenger %p is a 422 on messenger, not a lookup on Object.prototype',
	async (messenger) => {
		const { user, bot } = await createUserWithBot(t);
		const res = await user.api.call('createOrUpdateContact', { bot_id: bot.id, messenger, telegram_id: 5, name: 'Proto' });
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors)).toEqual(['messenger']);
		const admin = await t.admin.request('POST', '/contacts', { bot_id: bot.id, messenger, telegram_id: 5, name: 'Proto' });
		expect(admin.status).toBe(422);
		expect(Object.keys(admin.data.errors)).toEqual(['messenger']);
	},
);

test('an empty or blank name on the admin API create routes is a 422 on name, and nothing is created', async () => {
	const { user, project, bot } = await createUserWithBot(t);
	const contact = await createContact(t, bot);
	for (const name of ['', '   ']) {
		const attempts = [
			t.admin.request('POST', '/users', { name, email: `blank-${Date.now()}@example.com` }),
			t.admin.request('POST', '/projects', { owner_id: user.id, name }),
			t.admin.request('POST', '/bots', { project_uuid: project.uuid, name }),
			t.admin.request('POST', '/contacts', { bot_id: bot.id, messenger: 'telegram', telegram_id: 99, name }),
		];
		for (const res of await Promise.all(attempts)) {
			expect(res.status).toBe(422);
			expect(Object.keys(res.data.errors)).toEqual(['name']);
		}
		const variable = await t.admin.request('POST', '/contacts', {
			bot_id: bot.id,
			messenger: 'telegram',
			telegram_id: 98,
			name: 'With a variable',
			variables: [{ name, value: 'v' }],
		});
		expect(variable.status).toBe(422);
		expect(Object.keys(variable.data.errors)).toEqual(['variables.0.name']);
	}
	const contacts = await user.api.call('getContacts', { bot_id: bot.id });
	expect(contacts.data.data.map((c: { id: number }) => c.id)).toEqual([contact.id]);
});

test('a URL over 16 KB is a JSON 431', async () => {
	const res = await http.get(`${t.url}/api/v1/getMe?pad=${'x'.repeat(20_000)}`, { headers: { Accept: 'application/json' } });
	expect(res.status).toBe(431);
	expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
	expect(res.data).toEqual({ message: expect.any(String) });
	await expectOneLogLine(undefined, 431);
});

test('a request that is not valid HTTP is a JSON 400', async () => {
	const res = await sendRaw(t.url, 'GET /api/v1/getMe HTTP/1.1\r\nHost: test\r\nBad Header Name: x\r\n\r\n');
	expect(res.status).toBe(400);
	expect(res.headers['content-type']).toMatch(/^application\/json/);
	expect(JSON.parse(res.body)).toEqual({ message: expect.any(String) });
	await expectOneLogLine(undefined, 400);
});

describe('§4.1 multipart/form-data bodies are form fields', () => {
	const multipart = (apiKey: string | undefined, method: string, form: FormData) =>
		fetch(`${t.url}/api/v1/${method}`, {
			method: 'POST',
			headers: apiKey ? { Accept: 'application/json', Authorization: `Bearer ${apiKey}` } : { Accept: 'application/json' },
			body: form,
		});

	test('§4.1 §5.2 api_token and bracket-notation fields are read as from a urlencoded body', async () => {
		const { user, project } = await createUserWithBot(t);
		const form = new FormData();
		form.append('api_token', user.apiKey);
		form.append('name', 'Multipart');
		form.append('project_uuid', project.uuid);
		form.append('fields[0][name]', 'Price');
		form.append('fields[0][slug]', 'price');
		form.append('fields[0][type]', 'money');
		form.append('fields[0][currency]', 'HUF');
		form.append('fields[0][is_required]', '0');
		const res = await multipart(undefined, 'createListSchema', form);
		expect(res.status).toBe(201);
		const { data } = (await res.json()) as { data: { fields: unknown } };
		expect(data.fields).toEqual({
			price: { name: 'Price', type: 'money', currency: 'HUF', is_required: false, is_hidden: false, is_encryptable: false },
		});
	});

	test('§4.1 §7.1 the same rules and errors: a repeated slug is 422 on fields.1.slug', async () => {
		const { user, project } = await createUserWithBot(t);
		const form = new FormData();
		form.append('name', 'Repeats');
		form.append('project_uuid', project.uuid);
		for (const i of [0, 1]) {
			form.append(`fields[${i}][name]`, 'Same');
			form.append(`fields[${i}][slug]`, 'same');
			form.append(`fields[${i}][type]`, 'string');
		}
		const res = await multipart(user.apiKey, 'createListSchema', form);
		expect(res.status).toBe(422);
		expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual(['fields.1.slug']);
	});

	test('§4.1 a file part is a 422 under its field name, and nothing is stored', async () => {
		const { user, project } = await createUserWithBot(t);
		const list = await createListForTest(user, { project_uuid: project.uuid });
		const form = new FormData();
		form.append('schema_id', list.id);
		form.append('field[name]', 'Doc');
		form.append('field[slug]', 'doc');
		form.append('field[type]', 'file');
		form.append('field[currency]', new Blob(['%PDF-1.4']), 'doc.pdf');
		const res = await multipart(user.apiKey, 'addListSchemaField', form);
		expect(res.status).toBe(422);
		expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual(['field.currency']);
		const read = await user.api.call('getListSchema', { schema_id: list.id });
		expect(Object.keys(read.data.data.fields)).toEqual(['title']);
	});

	test('§4.1 more than 5,000 multipart fields is a 413', async () => {
		const { user } = await createUserWithBot(t);
		const form = new FormData();
		for (let i = 0; i < 5001; i++) form.append(`p${i}`, '1');
		const res = await multipart(user.apiKey, 'getMe', form);
		expect(res.status).toBe(413);
		await expectOneLogLine(res.headers.get('x-request-id') ?? 'none', 413);
	});
});
