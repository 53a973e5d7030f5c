/**
 * `GET /openapi.json`: an OpenAPI 3.1 document that passes Redocly's recommended lint, describes the API methods
 * with the verbs they accept (§4.1), their parameters as the spec's tables give them (§4.3–4.16), their answers
 * (§2, §4.2, §7) and security (§5), and the admin API; and real answers of every operation match it (each API
 * method's test file receives the method's success answers: `documentsSpecParameters`).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { adminRoutes } from '../../src/admin';
import { apiMethods } from '../../src/api';
import { createUserWithBot, createContact, createListForTest } from '../support/factories';
import { http } from '../support/http';
import { compileReferenceSchema, observedStatuses, referenceMismatch } from '../support/openapi-conformance';
import { methodsPassedTo } from '../support/method-test-files';
import { bodySchemaIn, derefIn, nonNullIn, STRING_255 } from '../support/spec-parameters';
import { startTestServer, type TestServer } from '../support/test-server';

type Json = Record<string, any>;

let t: TestServer;
let document: Json;
beforeAll(async () => {
	t = await startTestServer();
	document = (await http.get(`${t.url}/openapi.json`)).data;
});
afterAll(() => t.close());

const VERBS = ['get', 'put', 'post', 'delete', 'patch'];

const operations = () =>
	Object.entries<Json>(document.paths).flatMap(([path, item]) =>
		VERBS.filter((verb) => verb in item).map((verb) => ({ path, verb, operation: item[verb] as Json })),
	);

const deref = (object: Json) => derefIn(document, object);
const bodySchemaOf = (method: string) => bodySchemaIn(document, method);
const nonNull = (schema: Json) => nonNullIn(document, schema);

describe('the document', () => {
	test('carries an ETag, and a client that has it is answered 304 without the document', async () => {
		const first = await http.get(`${t.url}/openapi.json`);
		expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
		const again = await http.get(`${t.url}/openapi.json`, { headers: { 'If-None-Match': first.headers.etag } });
		expect(again.status).toBe(304);
		expect(again.data).toBe('');
	});

	test('is served without a key, as JSON, in OpenAPI 3.1', async () => {
		const res = await http.get(`${t.url}/openapi.json`);
		expect(res.status).toBe(200);
		expect(res.headers['content-type']).toMatch(/^application\/json/);
		expect(res.data.openapi).toBe('3.1.0');
		expect(res.data.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
	});

	test("passes Redocly's recommended lint, warnings included", async () => {
		const run = await promisify(execFile)(process.execPath, ['scripts/lint-openapi.mjs', `${t.url}/openapi.json`]).catch(
			(failure: { stdout: string; code: number }) => failure,
		);
		expect(run.stdout).toBe('');
	}, 60_000);

	test('every schema in it is valid JSON Schema 2020-12 (strict: no unknown keyword)', () => {
		const schemas: unknown[] = [...Object.values(document.components.schemas)];
		const collect = (value: unknown, key?: string) => {
			if (value === null || typeof value !== 'object') return;
			if (key === 'schema') schemas.push(value);
			for (const [inner, child] of Object.entries(value)) collect(child, inner);
		};
		collect(document.paths);
		collect(document.components.responses);
		collect(document.components.headers);
		expect(schemas.length).toBeGreaterThan(100);
		for (const schema of schemas) expect(() => compileReferenceSchema(schema as Json)).not.toThrow();
	});

	test('names this server by PUBLIC_URL when set, else relatively, never by the Host of the request', async () => {
		expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
		const behindProxy = await startTestServer({ publicUrl: 'https://bots.example/platform' });
		try {
			const res = await http.get(`${behindProxy.url}/openapi.json`, { headers: { Host: 'evil.example' } });
			expect(res.data.servers).toEqual([{ url: 'https://bots.example/platform' }]);
			expect(JSON.stringify(res.data)).not.toContain('evil.example');
			const page = await http.get(`${behindProxy.url}/docs`);
			expect(page.data).toContain('src="/platform/docs/assets/swagger-ui-bundle.js"');
			expect(page.data).toContain('data-document="/platform/openapi.json"');
		} finally {
			await behindProxy.close();
		}
	});
});

describe('the API methods (§4, §9, §12) and their verbs (§4.1)', () => {
	const POST_ONLY = [
		'addContactAccount',
		'createContactAccount',
		'deleteContactAccount',
		'addFundsToContactAccount',
		'withdrawFundsFromContactAccount',
	];

	// What each method needs besides (its section in the reference, its test file) is held where it lives:
	// test/docs/section-references.test.ts, and the checks below that read the test files.
	test('§4.1 §9 the document has a path at /api/v1/<method> for each method served, aliases too, and no other', () => {
		const names = Object.keys(document.paths)
			.filter((path) => path.startsWith('/api/v1/'))
			.map((path) => path.slice('/api/v1/'.length));
		const served = apiMethods.map((method) => method.name);
		expect(names.sort()).toEqual([...new Set(served)].sort());
		expect(served.length).toBe(names.length);
		// An alias is another name of a method served under its own name.
		const aliases = apiMethods.filter((method) => method.aliasOf !== undefined);
		expect(aliases.length).toBeGreaterThan(0);
		for (const alias of aliases) {
			const original = apiMethods.find((method) => method.name === alias.aliasOf);
			expect([alias.name, original?.aliasOf]).toEqual([alias.name, undefined]);
			expect([alias.name, names.includes(alias.aliasOf!)]).toEqual([alias.name, true]);
		}
	});

	test('§4.1 the verbs documented are the verbs the server accepts: GET and POST, or POST only for the money methods', async () => {
		for (const method of apiMethods) {
			const item = document.paths[`/api/v1/${method.name}`];
			const documented = VERBS.filter((verb) => verb in item);
			expect(documented).toEqual(POST_ONLY.includes(method.name) ? ['post'] : ['get', 'post']);
			for (const verb of ['get', 'post', 'put', 'delete']) {
				// No key: an accepted verb gets as far as authentication (401), another is refused first (405).
				const res = await http.request({
					method: verb,
					url: `${t.url}/api/v1/${method.name}`,
					headers: { Accept: 'application/json' },
				});
				expect([method.name, verb, res.status]).toEqual([method.name, verb, documented.includes(verb) ? 401 : 405]);
			}
		}
	});

	test('§5 security: a bearer key or the api_token parameter; the admin token for /admin/v1; nothing for the reference', async () => {
		expect(document.components.securitySchemes).toMatchObject({
			bearerKey: { type: 'http', scheme: 'bearer' },
			apiToken: { type: 'apiKey', in: 'query', name: 'api_token' },
			adminToken: { type: 'http', scheme: 'bearer' },
		});
		expect(document.security).toEqual([{ bearerKey: [] }, { apiToken: [] }]);
		for (const { path, operation } of operations()) {
			if (path.startsWith('/api/v1/')) expect(operation.security).toBeUndefined();
			else if (path.startsWith('/admin/v1/')) expect(operation.security).toEqual([{ adminToken: [] }]);
			else expect(operation.security).toEqual([]);
		}
		expect((await http.get(`${t.url}/docs`)).status).toBe(200);
	});

	test('§4.1 POST takes JSON or form fields, urlencoded or multipart; GET takes the query string, nested values in bracket notation', () => {
		for (const method of apiMethods) {
			const item = document.paths[`/api/v1/${method.name}`];
			expect(Object.keys(item.post.requestBody.content)).toEqual([
				'application/json',
				'application/x-www-form-urlencoded',
				'multipart/form-data',
			]);
			if (!item.get) continue;
			const body = bodySchemaOf(method.name);
			expect(item.get.parameters.map((parameter: Json) => parameter.name).sort()).toEqual(
				Object.keys(body.properties ?? {}).sort(),
			);
			for (const parameter of item.get.parameters) {
				expect(parameter.in).toBe('query');
				expect(parameter.required).toBe((body.required ?? []).includes(parameter.name));
			}
		}
		const fields = document.paths['/api/v1/createListSchema'].get.parameters.find(
			(parameter: Json) => parameter.name === 'fields',
		);
		expect(fields).toMatchObject({ style: 'deepObject', explode: true });
		const form = document.paths['/api/v1/addListSchemaField'].post.requestBody.content['application/x-www-form-urlencoded'];
		expect(form.encoding.field).toEqual({ style: 'deepObject', explode: true });
	});
});

describe('examples: what /docs shows and "Try it out" sends', () => {
	test.each(apiMethods.map((method) => [method.name, method] as const))(
		'%s: its example passes its own validation, and the document shows it for JSON bodies and query parameters',
		(name, method) => {
			expect(method.input.safeParse(method.example).error?.issues).toBeUndefined();
			const item = document.paths[`/api/v1/${name}`];
			if (item.post) expect(item.post.requestBody.content['application/json'].example).toEqual(method.example);
			if (item.get) {
				const shown = Object.fromEntries(
					item.get.parameters
						.filter((parameter: any) => 'example' in parameter)
						.map((parameter: any) => [parameter.name, parameter.example]),
				);
				expect(shown).toEqual(method.example);
			}
		},
	);

	test('every admin route with a body has an example that passes it', () => {
		const withBody = adminRoutes.filter((route) => route.body);
		expect(withBody.length).toBeGreaterThan(5);
		for (const route of withBody) {
			expect([route.name, route.example]).toEqual([route.name, expect.any(Object)]);
			expect([route.name, route.body!.safeParse(route.example).error?.issues]).toEqual([route.name, undefined]);
		}
	});
});

describe('§4.3–4.16 parameters: types, bounds, enums, defaults and what is required', () => {
	// Each method's table is held in its own test file (`documentsSpecParameters`); the files are read, as jest runs
	// each in isolation.
	test('every API method, aliases too, has its spec parameters held by its test file, once', () => {
		const held = methodsPassedTo('documentsSpecParameters');
		expect(held.sort()).toEqual(apiMethods.map((method) => method.name).sort());
	});

	test('§2.2 §4.5 §4.7 a field definition: name, slug, type of ten, currency, and three flags with their defaults', () => {
		for (const field of [
			nonNull(bodySchemaOf('createListSchema').properties.fields).items,
			bodySchemaOf('addListSchemaField').properties.field,
		]) {
			const definition = deref(field);
			expect(definition.required.sort()).toEqual(['name', 'slug', 'type']);
			expect(definition.properties.name).toMatchObject(STRING_255);
			expect(definition.properties.slug).toMatchObject({ ...STRING_255, pattern: expect.any(String) });
			expect(definition.properties.type.enum.sort()).toEqual(
				['string', 'number', 'bool', 'date', 'datetime', 'money', 'file', 'image', 'contact', 'bot'].sort(),
			);
			expect(nonNull(definition.properties.currency)).toMatchObject({ type: 'string', pattern: '^[A-Z]{3}$' });
			expect(definition.properties.is_required).toMatchObject({ default: true });
			expect(definition.properties.is_hidden).toMatchObject({ default: false });
			expect(definition.properties.is_encryptable).toMatchObject({ default: false });
		}
	});

	test('§4.14 the parameters of each paging mode say which mode they belong to', () => {
		const parameters = document.paths['/api/v1/getContacts'].get.parameters as Json[];
		const described = (name: string) => parameters.find((parameter) => parameter.name === name)?.description;
		expect(described('page')).toMatch(/page mode/i);
		expect(described('count')).toMatch(/page mode/i);
		expect(described('offset')).toMatch(/offset mode/i);
		expect(described('limit')).toMatch(/offset mode/i);
	});
});

describe('§2, §4.2 and §7 answers', () => {
	const responsesOf = (method: string, verb = 'post') => document.paths[`/api/v1/${method}`][verb].responses as Json;
	const bodyOf = (method: string, status: number) =>
		deref(responsesOf(method)[String(status)]).content?.['application/json']?.schema;

	test('§7.1 every method lists the answers of authentication, limits, versioning, unreadable requests, validation and an unreachable database', () => {
		for (const method of apiMethods) {
			const statuses = Object.keys(responsesOf(method.name)).map(Number);
			// 422 and 302 also for getMe, which takes no parameter: a multipart body's file part is refused.
			expect([
				method.name,
				...[302, 400, 401, 402, 403, 408, 410, 413, 415, 422, 429, 431, 503].filter((status) => !statuses.includes(status)),
			]).toEqual([method.name]);
		}
	});

	test('§9 a deprecated method says so on every answer, not only on success', () => {
		for (const method of apiMethods) {
			for (const [status, response] of Object.entries<Json>(responsesOf(method.name))) {
				expect([method.name, status, Object.keys(deref(response).headers ?? {})]).toEqual([
					method.name,
					status,
					expect.arrayContaining(['Deprecation', 'Sunset']),
				]);
			}
		}
	});

	test('§5 failed authentication is throttled per address: 429 with Retry-After, for API keys and the admin token', () => {
		expect(deref(responsesOf('getMe')['429']).description).toMatch(/AUTH_FAILURES_PER_MINUTE/);
		const admin = document.paths['/admin/v1/users'].post.responses;
		expect(deref(admin['429']).description).toMatch(/AUTH_FAILURES_PER_MINUTE/);
		expect(deref(deref(admin['429']).headers['Retry-After']).required).toBe(true);
	});

	test('§7.1 the shapes: 401 unauthorized, 402 pro_required, 410 method_removed, 422 errors by field, 429 and 503 with Retry-After, 302 with Location', () => {
		const responses = responsesOf('getListSchema');
		const schema = (status: number) => deref(deref(responses[String(status)]).content['application/json'].schema);
		expect(schema(401).properties.error).toMatchObject({ const: 'unauthorized' });
		expect(schema(402).properties.code).toMatchObject({ const: 'pro_required' });
		expect(schema(410).properties.code).toMatchObject({ const: 'method_removed' });
		const validation = deref(schema(422).anyOf?.[0] ?? schema(422));
		expect(validation.required).toEqual(['message', 'errors']);
		expect(validation.properties.errors.additionalProperties).toMatchObject({ type: 'array', items: { type: 'string' } });
		expect(Object.keys(deref(responses['429']).headers)).toEqual([
			'Retry-After',
			'X-RateLimit-Limit',
			'X-RateLimit-Remaining',
			'Deprecation',
			'Sunset',
		]);
		expect(deref(deref(responses['429']).headers['Retry-After']).required).toBe(true);
		expect(deref(deref(responses['503']).headers['Retry-After']).required).toBe(true);
		expect(deref(deref(responses['302']).headers.Location).required).toBe(true);
		// The redirect carries the 422's body, for a client that reads it (§4.1).
		expect(deref(responses['302']).content['application/json'].schema).toEqual(
			deref(responses['422']).content['application/json'].schema,
		);
		expect(Object.keys(deref(responses['200']).headers)).toEqual([
			'X-RateLimit-Limit',
			'X-RateLimit-Remaining',
			'Deprecation',
			'Sunset',
		]);
	});

	test('§7.3 each money method lists the codes it can answer', () => {
		const codes = (method: string) =>
			(bodyOf(method, 422).anyOf ?? [bodyOf(method, 422)])
				.map((option: Json) => deref(option).properties.code?.const)
				.filter(Boolean)
				.sort();
		expect(codes('addContactAccount')).toEqual(['currency_exists']);
		expect(codes('createContactAccount')).toEqual(['currency_exists']);
		expect(codes('deleteContactAccount')).toEqual(['account_not_empty']);
		expect(codes('withdrawFundsFromContactAccount')).toEqual(['account_blocked', 'insufficient_funds']);
	});

	test("§4.4 §7.2 a missing list is a 404 with one text as message, error and errors.schema_id; another's list a 403", () => {
		for (const method of ['getListSchema', 'deleteListSchema', 'addListSchemaField', 'deleteListSchemaField']) {
			expect(deref(bodyOf(method, 404)).required).toEqual(['message', 'error', 'errors']);
			expect(responsesOf(method)['403']).toBeDefined();
		}
	});

	test('§2.1 §4.2 §4.5 success bodies: lists in data, the page envelope, 201 and 204 with no body', () => {
		expect(deref(bodyOf('getListSchema', 200).properties.data)).toBe(document.components.schemas.ListSchema);
		expect(document.components.schemas.ListSchema.properties.fields.description).toMatch(/order/);
		const envelope = bodyOf('getListSchemas', 200);
		expect(envelope.required).toEqual(['data', 'links', 'meta']);
		expect(envelope.properties.meta.required.sort()).toEqual([
			'current_page',
			'from',
			'last_page',
			'path',
			'per_page',
			'to',
			'total',
		]);
		expect(bodyOf('createListSchema', 201)).toBeDefined();
		for (const method of ['deleteListSchema', 'addListSchemaField', 'deleteListSchemaField', 'deleteContactAccount']) {
			expect(deref(responsesOf(method)['204']).content).toBeUndefined();
		}
	});

	test('§4.14 §4.15 §4.16 getContacts has both paging modes, getNumberOfContacts a bare count, createOrUpdateContact 200 and 201', () => {
		const [page, offset] = bodyOf('getContacts', 200).anyOf;
		expect(page.properties.meta.required).toContain('links');
		expect(offset.properties.meta.required).toEqual(['offset', 'limit', 'total']);
		expect(offset.properties.links).toBeUndefined();
		expect(bodyOf('getNumberOfContacts', 200).required).toEqual(['count']);
		expect(Object.keys(responsesOf('createOrUpdateContact'))).toEqual(expect.arrayContaining(['200', '201', '404']));
	});

	test('the admin API: every route under /admin/v1, with 401 and 404 for the token and the switch, and never a redirect', () => {
		const admin = operations().filter(({ path }) => path.startsWith('/admin/v1/'));
		expect(admin.length).toBeGreaterThanOrEqual(17);
		for (const { operation } of admin) {
			expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '404', '429', '431', '503']));
			// Admin answers are always JSON: a validation failure is a 422 whatever the Accept header.
			expect(Object.keys(operation.responses)).not.toContain('302');
		}
	});
});

describe('renamed admin paths', () => {
	test('the contact-account routes under their former /accounts paths: deprecated, with the answers of the new ones', () => {
		const deprecated = operations().filter(({ operation }) => operation.deprecated === true);
		expect(deprecated.map(({ verb, path }) => `${verb} ${path}`).sort()).toEqual([
			'get /admin/v1/accounts/{id}/journal',
			'post /admin/v1/accounts/{id}/block',
			'post /admin/v1/accounts/{id}/unblock',
		]);
		for (const { verb, path, operation } of deprecated) {
			const current = (document.paths[path.replace('/accounts/', '/contact-accounts/')] as Json)[verb] as Json;
			expect(operation.responses).toEqual(current.responses);
			expect(current.deprecated).toBeUndefined();
		}
	});
});

describe('real answers match the document', () => {
	test('the check itself refuses an undocumented status and a body unlike the documented one', () => {
		const answer = { verb: 'post', url: `${t.url}/api/v1/getMe`, headers: { 'content-type': 'application/json' } };
		expect(referenceMismatch({ ...answer, status: 201, body: {} })).toMatch(/does not list/);
		expect(referenceMismatch({ ...answer, status: 200, body: { data: { id: 1 } } })).toMatch(/unlike the reference/);
		expect(referenceMismatch({ ...answer, status: 401, body: { error: 'unauthorized' } })).toBeUndefined();
	});

	// Each API method's test file holds that it receives the method's success answers (`documentsSpecParameters`);
	// the admin routes are not methods, and are walked here.
	test('a walk through every admin operation: each of its success answers is seen and matches', async () => {
		const { user, project, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot, { variables: [{ name: 'utm_source', value: 'ads' }] });

		const item = await t.admin.expect(201, 'POST', `/lists/${(await createListForTest(user, { bot_id: bot.id })).id}/items`, {
			values: { title: 'x' },
		});
		await t.admin.expect(200, 'GET', `/lists/${item.data.list_id}/items`);
		await t.admin.expect(200, 'PATCH', `/users/${user.id}`, { plan: 'pro' });
		await t.admin.expect(200, 'POST', `/users/${user.id}/api-key`);
		await t.admin.expect(200, 'GET', `/bots/${bot.id}`);
		const other = await createUserWithBot(t);
		await t.admin.expect(201, 'POST', `/projects/${project.uuid}/members`, { user_id: other.user.id });
		const euro = (
			await other.user.api.call('addContactAccount', { contact_id: (await createContact(t, other.bot)).id, currency: 'EUR' })
		).data.data;
		await t.admin.expect(200, 'POST', `/contact-accounts/${euro.id}/block`);
		await t.admin.expect(200, 'POST', `/contact-accounts/${euro.id}/unblock`);
		await t.admin.expect(200, 'GET', `/contact-accounts/${euro.id}/journal`);
		// The former paths, deprecated, answer the same.
		await t.admin.expect(200, 'POST', `/accounts/${euro.id}/block`);
		await t.admin.expect(200, 'POST', `/accounts/${euro.id}/unblock`);
		await t.admin.expect(200, 'GET', `/accounts/${euro.id}/journal`);
		await t.admin.expect(200, 'PUT', '/deprecations/getMe', { sunset: '2999-01-01T00:00:00Z' });
		await t.admin.expect(204, 'DELETE', '/deprecations/getMe');
		await t.admin.expect(204, 'DELETE', `/contacts/${(await createContact(t, other.bot)).id}`);
		await t.admin.expect(204, 'DELETE', `/bots/${other.bot.id}`);
		const fault = await t.admin.expect(201, 'POST', '/faults', { method: 'getMe', status: 503 });
		await t.admin.expect(200, 'GET', '/faults');
		await t.admin.expect(204, 'DELETE', `/faults/${fault.data.id}`);
		await t.admin.expect(204, 'DELETE', '/faults');
		await t.admin.expect(200, 'GET', '/requests?method=getMe&limit=5');
		await t.admin.expect(204, 'DELETE', '/requests');
		for (const path of [
			'/overview',
			'/users?search=a',
			'/projects',
			`/bots?project_uuid=${project.uuid}`,
			'/lists',
			'/deprecations',
		]) {
			await t.admin.expect(200, 'GET', path);
		}
		await t.admin.expect(200, 'GET', `/contacts?bot_id=${bot.id}`);
		await t.admin.expect(200, 'GET', `/contacts/${contact.id}`);
		await t.admin.expect(200, 'GET', '/audit');
		await t.admin.expect(200, 'GET', '/audit/export?format=csv');
		await t.admin.expect(204, 'POST', '/seed', {});
		// Last: it empties this file's database.
		await t.admin.expect(204, 'POST', '/reset');

		const unseen = operations()
			.filter(({ path }) => path.startsWith('/admin/v1/'))
			.flatMap(({ operation }) =>
				Object.keys(operation.responses)
					.filter((status) => status.startsWith('2') && !observedStatuses.get(operation.operationId)?.has(Number(status)))
					.map((status) => `${operation.operationId} ${status}`),
			);
		expect(unseen).toEqual([]);
	}, 120_000);
});
