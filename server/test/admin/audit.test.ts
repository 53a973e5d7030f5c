/**
 * What the admin API grew for the console: lists with search and pages, the contact card, the overview, seeds sent
 * over HTTP, and the audit trail of every change (no secret in it), with its export.
 */
import { randomBytes } from 'node:crypto';
import { contactAccountFixture } from '../support/contact-accounts';
import {
	createUser,
	createUserWithBot,
	createContact,
	createListForTest,
	createListItemForTest,
	createProject,
} from '../support/factories';
import { http } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('lists of the admin API', () => {
	test('GET /users finds by a part of the name or e-mail, any case, a page at a time, without keys', async () => {
		const tag = `findme-${randomBytes(5).toString('hex')}`;
		for (let i = 0; i < 3; i++)
			await t.admin.expect(201, 'POST', '/users', { name: `${tag.toUpperCase()} ${i}`, email: `${tag}-${i}@example.com` });
		const first = await t.admin.expect(200, 'GET', `/users?search=${tag}&per_page=2`);
		expect(first.meta).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
		expect(first.data.map((user: { name: string }) => user.name)).toEqual([`${tag.toUpperCase()} 2`, `${tag.toUpperCase()} 1`]);
		const second = await t.admin.expect(200, 'GET', `/users?search=${tag}&per_page=2&page=2`);
		expect(second.data).toHaveLength(1);
		expect(JSON.stringify(first)).not.toMatch(/api_key|apiKeyHash/);
		// A search is text, never a pattern.
		expect((await t.admin.expect(200, 'GET', '/users?search=.*')).meta.total).toBe(0);
	});

	test('bad paging is a 422 naming the parameter', async () => {
		const res = await t.admin.request('GET', '/users?page=0&per_page=1000');
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors).sort()).toEqual(['page', 'per_page']);
	});

	test('GET /projects lists projects with their members; GET /bots?project_uuid= the live bots of one', async () => {
		const { user, project, bot } = await createUserWithBot(t);
		const member = await createUser(t);
		await t.admin.expect(201, 'POST', `/projects/${project.uuid}/members`, { user_id: member.id });
		const projects = await t.admin.expect(200, 'GET', `/projects?owner_id=${user.id}`);
		expect(projects.data).toEqual([{ ...project, member_ids: [member.id] }]);
		const other = await t.admin.expect(201, 'POST', '/bots', { project_uuid: project.uuid, name: 'Second' });
		await t.admin.expect(204, 'DELETE', `/bots/${other.data.id}`);
		const bots = await t.admin.expect(200, 'GET', `/bots?project_uuid=${project.uuid}`);
		expect(bots.data).toEqual([{ ...bot, subscribers_count: 0 }]);
	});

	test('GET /contacts finds by bot, name, phone digits and messenger ID; GET /contacts/:id is the card with its accounts', async () => {
		const fixture = await contactAccountFixture(t, { balance: 500 });
		const { bot, contact } = fixture;
		const other = await createContact(t, bot, { name: 'Zed Other', phone: '+79001234567' });
		const ids = async (query: string) =>
			(await t.admin.expect(200, 'GET', `/contacts?bot_id=${bot.id}&${query}`)).data.map((found: { id: number }) => found.id);
		expect(await ids('')).toEqual([other.id, contact.id]);
		expect(await ids(`search=${encodeURIComponent(contact.name.toLowerCase())}`)).toEqual([contact.id]);
		expect(await ids(`search=${encodeURIComponent('+7 900 123')}`)).toEqual([other.id]);
		expect(await ids(`search=${contact.telegram_id}`)).toEqual([contact.id]);

		const card = await t.admin.expect(200, 'GET', `/contacts/${contact.id}`);
		expect(card.data.contact).toEqual(contact);
		expect(card.data.is_preview).toBe(false);
		expect(card.data.accounts).toEqual([expect.objectContaining({ id: fixture.accountId, amount: 500, blocked_at: null })]);
		expect((await t.admin.request('GET', '/contacts/999999999')).status).toBe(404);
	});

	test('GET /lists shows schemas with their fields in order and their record counts; GET /deprecations the sunsets', async () => {
		const owner = await createUser(t);
		const project = await createProject(t, owner);
		const list = await createListForTest(owner, { project_uuid: project.uuid }, [
			{ name: 'Product', slug: 'product', type: 'string', is_required: true },
			{ name: 'Year', slug: '2024', type: 'number', is_required: false },
		]);
		await createListItemForTest(t, list.id, { product: 'Tea' });
		const lists = await t.admin.expect(200, 'GET', `/lists?project_uuid=${project.uuid}`);
		expect(lists.data).toEqual([
			expect.objectContaining({ id: list.id, name: list.name, items_count: 1, bot_id: null, project_uuid: project.uuid }),
		]);
		expect(lists.data[0].fields.map((field: { slug: string }) => field.slug)).toEqual(['product', '2024']);

		await t.admin.expect(200, 'PUT', '/deprecations/getMe', { sunset: '2099-01-01T00:00:00Z' });
		const deprecations = await t.admin.expect(200, 'GET', '/deprecations');
		expect(deprecations.data).toContainEqual({ method: 'getMe', sunset: '2099-01-01T00:00:00.000Z' });
		await t.admin.expect(204, 'DELETE', '/deprecations/getMe');
		expect((await t.admin.expect(200, 'GET', '/deprecations')).data).not.toContainEqual(
			expect.objectContaining({ method: 'getMe' }),
		);
	});

	test('GET /overview: health, database, version, uptime and the last hour of requests by status class', async () => {
		await http.get(`${t.url}/api/v1/nothing-here`);
		const { data } = await t.admin.expect(200, 'GET', '/overview');
		expect(data).toMatchObject({ healthy: true, database: process.env.MONGODB_URI ? 'mongodb' : 'embedded', test_double: true });
		expect(data.version).toMatch(/^\d+\.\d+\.\d+/);
		expect(data.requests_per_minute).toHaveLength(60);
		const total = (statusClass: string) =>
			data.requests_per_minute.reduce(
				(sum: number, minute: { counts: Record<string, number> }) => sum + minute.counts[statusClass],
				0,
			);
		expect(total('4xx')).toBeGreaterThanOrEqual(1);
		expect(total('2xx')).toBeGreaterThanOrEqual(1);
		expect(data.requests_per_minute[59].minute <= new Date().toISOString()).toBe(true);
	});
});

describe('seeds sent over HTTP (test double)', () => {
	test('POST /seed sets the data to the seed; an invalid seed is a 422 that changes nothing', async () => {
		const other = await startTestServer();
		try {
			const before = await createUser(other);
			const invalid = await other.admin.request('POST', '/seed', { users: [{ name: 'A', email: 'nope', api_key: 'short' }] });
			expect(invalid.status).toBe(422);
			expect(invalid.data.errors.seed[0]).toMatch(/^seed users\[0\]/);
			expect((await before.api.call('getMe')).status).toBe(200);

			const key = 'seeded-key-0123456789abcdef';
			await other.admin.expect(204, 'POST', '/seed', { users: [{ name: 'Seeded', email: 'seeded@example.com', api_key: key }] });
			expect((await before.api.call('getMe')).status).toBe(401);
			const users = await other.admin.expect(200, 'GET', '/users');
			expect(users.data.map((user: { email: string }) => user.email)).toEqual(['seeded@example.com']);
		} finally {
			await other.close();
		}
	});
});

describe('the audit trail', () => {
	test('every change through the admin API is recorded: action, target, time, address; reads are not', async () => {
		const started = Date.now();
		const { user, project, bot } = await createUserWithBot(t);
		const member = await createUser(t);
		const contact = await createContact(t, bot);
		const opened = await user.api.call('addContactAccount', { contact_id: contact.id, currency: 'EUR' });
		const accountId: number = opened.data.data.id;
		await t.admin.expect(200, 'PATCH', `/users/${user.id}`, { plan: 'free' });
		await t.admin.expect(200, 'POST', `/users/${user.id}/api-key`);
		await t.admin.expect(201, 'POST', `/projects/${project.uuid}/members`, { user_id: member.id });
		await t.admin.expect(200, 'POST', `/contact-accounts/${accountId}/block`);
		await t.admin.expect(200, 'POST', `/accounts/${accountId}/unblock`); // the former path: the same route
		const fault = await t.admin.expect(201, 'POST', '/faults', { method: 'getMe', status: 503, times: 1 });
		await t.admin.expect(204, 'DELETE', `/faults/${fault.data.id}`);
		await t.admin.expect(204, 'DELETE', `/contacts/${contact.id}`);
		await t.admin.expect(204, 'DELETE', `/bots/${bot.id}`);
		await t.admin.expect(200, 'GET', `/contacts?bot_id=${bot.id}`);

		const trail = await t.admin.expect(200, 'GET', '/audit?per_page=200');
		const mine = trail.data.filter((entry: { at: string }) => Date.parse(entry.at) >= started - 1000);
		const targets = mine.map((entry: { action: string; target_type: string; target_id: string | null }) => [
			entry.action,
			entry.target_type,
			entry.target_id,
		]);
		for (const expected of [
			['createUser', 'users', user.id],
			['createProject', 'projects', project.uuid],
			['createBot', 'bots', String(bot.id)],
			['updateUser', 'users', user.id],
			['regenerateApiKey', 'users', user.id],
			['inviteProjectMember', 'projects', project.uuid],
			['createContact', 'contacts', String(contact.id)],
			['blockContactAccount', 'contact-accounts', String(accountId)],
			['unblockContactAccount', 'contact-accounts', String(accountId)],
			['createFault', 'faults', String(fault.data.id)],
			['deleteFault', 'faults', String(fault.data.id)],
			['deleteContact', 'contacts', String(contact.id)],
			['deleteBot', 'bots', String(bot.id)],
		]) {
			expect(targets).toContainEqual(expected);
		}
		expect(targets.some(([action]: string[]) => action.startsWith('get'))).toBe(false);
		// Newest first.
		expect(targets[0]).toEqual(['deleteBot', 'bots', String(bot.id)]);
		expect(mine[0]).toMatchObject({ remote_addr: expect.stringMatching(/127\.0\.0\.1/), via: 'api' });
	});

	test('entries recorded before the contact-account routes were renamed are found by the new names and the old', async () => {
		const other = await startTestServer();
		try {
			const fixture = await contactAccountFixture(other);
			const id = String(fixture.accountId);
			// As an earlier version recorded it, then as this one does.
			await other.server.database.models.auditEntries.create({
				at: new Date(Date.now() - 1000),
				action: 'blockAccount',
				targetType: 'accounts',
				targetId: id,
				remoteAddr: null,
				via: 'api',
			});
			await other.admin.expect(200, 'POST', `/contact-accounts/${id}/block`);
			const actionsOf = async (query: string) =>
				(await other.admin.expect(200, 'GET', `/audit?${query}`)).data.map((entry: { action: string }) => entry.action);
			for (const query of [
				'action=blockContactAccount',
				'action=blockAccount',
				'target_type=contact-accounts',
				'target_type=accounts',
			]) {
				expect({ query, actions: await actionsOf(query) }).toEqual({ query, actions: ['blockContactAccount', 'blockAccount'] });
			}
		} finally {
			await other.close();
		}
	});

	test('a refused change is not recorded; a reset is, and the trail outlives it', async () => {
		const other = await startTestServer();
		try {
			expect((await other.admin.request('POST', '/users', { email: 'bad' })).status).toBe(422);
			expect((await other.admin.expect(200, 'GET', '/audit')).meta.total).toBe(0);
			await createUser(other);
			await other.admin.expect(204, 'POST', '/reset');
			const trail = await other.admin.expect(200, 'GET', '/audit');
			expect(trail.data.map((entry: { action: string }) => entry.action)).toEqual(['reset', 'createUser']);
			expect((await other.admin.expect(200, 'GET', '/audit?action=reset')).meta.total).toBe(1);
		} finally {
			await other.close();
		}
	});

	test('no key, token or body is in the trail or its exports; CSV and NDJSON downloads', async () => {
		const user = await createUser(t);
		const { data } = await t.admin.expect(200, 'POST', `/users/${user.id}/api-key`);
		await t.admin.expect(204, 'POST', '/seed', {});
		const ndjson = await http.get(`${t.url}/admin/v1/audit/export`, { headers: { Authorization: `Bearer ${t.admin.token}` } });
		expect(ndjson.status).toBe(200);
		expect(ndjson.headers['content-type']).toMatch(/^application\/x-ndjson/);
		expect(ndjson.headers['content-disposition']).toMatch(/^attachment; filename="?audit\.ndjson"?$/);
		const lines = String(ndjson.data)
			.trim()
			.split('\n')
			.map((line) => JSON.parse(line));
		expect(lines[0]).toMatchObject({ action: 'applySeed', target_type: 'seed', target_id: null });
		expect(lines).toContainEqual(expect.objectContaining({ action: 'regenerateApiKey', target_id: user.id }));

		const csv = await http.get(`${t.url}/admin/v1/audit/export?format=csv`, {
			headers: { Authorization: `Bearer ${t.admin.token}` },
		});
		expect(csv.headers['content-type']).toMatch(/^text\/csv/);
		const rows = String(csv.data).trim().split('\r\n');
		expect(rows[0]).toBe('id,at,action,target_type,target_id,remote_addr,via');
		expect(rows).toHaveLength(lines.length + 1);

		for (const text of [String(ndjson.data), String(csv.data)]) {
			expect(text).not.toContain(user.apiKey);
			expect(text).not.toContain(data.api_key);
			expect(text).not.toContain(t.admin.token);
		}
		expect(
			(await http.get(`${t.url}/admin/v1/audit/export?format=xml`, { headers: { Authorization: `Bearer ${t.admin.token}` } }))
				.status,
		).toBe(422);
	});
});
