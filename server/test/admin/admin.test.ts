/** The admin API: provisioning of what the spec leaves to the dashboard (users, keys, projects, bots). */
import { createUser, createBot, createProject } from '../support/factories';
import { http } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('admin authentication', () => {
	test('a wrong or missing admin token gives 401 {error}', async () => {
		const wrong = await t.admin.request('POST', '/users', { name: 'x', email: 'x@example.com' }, 'not-the-token');
		expect(wrong.status).toBe(401);
		expect(wrong.data).toEqual({ error: 'unauthorized' });
		const missing = await http.post(`${t.url}/admin/v1/users`, { name: 'x', email: 'x@example.com' });
		expect(missing.status).toBe(401);
	});

	test('an API key is not an admin token', async () => {
		const user = await createUser(t);
		const res = await t.admin.request('POST', '/users', { name: 'x', email: 'y@example.com' }, user.apiKey);
		expect(res.status).toBe(401);
	});

	test('without ADMIN_TOKEN every admin path answers 404', async () => {
		const closed = await startTestServer({ adminToken: undefined });
		try {
			for (const [verb, path] of [
				['POST', '/users'],
				['PATCH', '/users/000000000000000000000000'],
				['POST', '/bots'],
				['PUT', '/deprecations/getMe'],
			] as const) {
				const res = await closed.admin.request(verb, path, {}, 'anything');
				expect(res.status).toBe(404);
				expect(res.data).toEqual({ error: expect.any(String) });
			}
		} finally {
			await closed.close();
		}
	});
});

describe('users', () => {
	test('POST /users creates a Pro user with a key by default', async () => {
		const res = await t.admin.request('POST', '/users', { name: 'Ann', email: 'ann-admin@example.com' });
		expect(res.status).toBe(201);
		expect(res.data).toEqual({
			data: {
				id: expect.stringMatching(/^[0-9a-f]{24}$/),
				name: 'Ann',
				email: 'ann-admin@example.com',
				plan: 'pro',
				blocked: false,
				api_key: expect.any(String),
			},
		});
	});

	test('POST /users validates every field at once, and refuses a taken email', async () => {
		const invalid = await t.admin.request('POST', '/users', { email: 'not-an-email', plan: 'gold' });
		expect(invalid.status).toBe(422);
		expect(Object.keys(invalid.data.errors).sort()).toEqual(['email', 'name', 'plan']);
		await t.admin.expect(201, 'POST', '/users', { name: 'B', email: 'taken@example.com' });
		const taken = await t.admin.request('POST', '/users', { name: 'C', email: 'taken@example.com' });
		expect(taken.status).toBe(422);
		expect(Object.keys(taken.data.errors)).toEqual(['email']);
	});

	test('the admin API answers a validation failure as JSON whatever Accept says (it is not the Laravel surface)', async () => {
		for (const accept of [undefined, 'text/html', '*/*']) {
			const res = await http.post(
				`${t.url}/admin/v1/users`,
				{ email: 'not-an-email' },
				{
					headers: {
						Authorization: `Bearer ${t.admin.token}`,
						...(accept && { Accept: accept }),
						Referer: 'https://example.com/',
					},
				},
			);
			expect(res.status).toBe(422);
			expect(res.headers['content-type']).toMatch(/^application\/json/);
			expect(Object.keys(res.data.errors).sort()).toEqual(['email', 'name']);
		}
	});

	test('PATCH /users/:id changes plan and blocked state', async () => {
		const user = await createUser(t);
		const res = await t.admin.request('PATCH', `/users/${user.id}`, { plan: 'free', blocked: true });
		expect(res.status).toBe(200);
		expect(res.data.data).toMatchObject({ id: user.id, plan: 'free', blocked: true });
		expect(res.data.data.api_key).toBeUndefined();
		const invalid = await t.admin.request('PATCH', `/users/${user.id}`, { plan: 'gold', blocked: 'maybe' });
		expect(invalid.status).toBe(422);
		expect(Object.keys(invalid.data.errors).sort()).toEqual(['blocked', 'plan']);
	});

	test('unknown or malformed user IDs are 404', async () => {
		expect((await t.admin.request('PATCH', '/users/000000000000000000000000', { plan: 'pro' })).status).toBe(404);
		expect((await t.admin.request('PATCH', '/users/not-an-id', { plan: 'pro' })).status).toBe(404);
		expect((await t.admin.request('POST', '/users/000000000000000000000000/api-key')).status).toBe(404);
	});
});

describe('projects and bots', () => {
	test('POST /projects and POST /bots create them; bot IDs are integers', async () => {
		const owner = await createUser(t);
		const project = await t.admin.request('POST', '/projects', { owner_id: owner.id, name: 'Shop' });
		expect(project.status).toBe(201);
		expect(project.data.data).toEqual({ uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Shop', owner_id: owner.id });
		const bot = await t.admin.request('POST', '/bots', { project_uuid: project.data.data.uuid, name: 'Support' });
		expect(bot.status).toBe(201);
		expect(bot.data.data).toEqual({
			id: expect.any(Number),
			name: 'Support',
			project_uuid: project.data.data.uuid,
			subscribers_count: 0,
		});
		expect(Number.isInteger(bot.data.data.id)).toBe(true);
	});

	test('parallel bot creation gives distinct integer IDs', async () => {
		const project = await createProject(t, await createUser(t));
		const bots = await Promise.all(Array.from({ length: 20 }, () => createBot(t, project)));
		expect(new Set(bots.map((bot) => bot.id)).size).toBe(20);
	});

	test('a project needs an existing owner, a bot an existing project', async () => {
		const noOwner = await t.admin.request('POST', '/projects', { owner_id: '000000000000000000000000', name: 'P' });
		expect(noOwner.status).toBe(422);
		expect(Object.keys(noOwner.data.errors)).toEqual(['owner_id']);
		const noProject = await t.admin.request('POST', '/bots', { project_uuid: 'nope', name: 'B' });
		expect(noProject.status).toBe(422);
		expect(Object.keys(noProject.data.errors)).toEqual(['project_uuid']);
	});

	test('POST /projects/:uuid/members records an invitation', async () => {
		const project = await createProject(t, await createUser(t));
		const member = await createUser(t);
		const res = await t.admin.request('POST', `/projects/${project.uuid}/members`, { user_id: member.id });
		expect(res.status).toBe(201);
		expect((await t.admin.request('POST', '/projects/unknown/members', { user_id: member.id })).status).toBe(404);
	});

	test('DELETE /bots/:id deletes the bot once', async () => {
		const bot = await createBot(t, await createProject(t, await createUser(t)));
		expect((await t.admin.request('DELETE', `/bots/${bot.id}`)).status).toBe(204);
		expect((await t.admin.request('GET', `/bots/${bot.id}`)).status).toBe(404);
		expect((await t.admin.request('DELETE', `/bots/${bot.id}`)).status).toBe(404);
	});
});
