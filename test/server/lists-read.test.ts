/** getListSchemas (§4.3, §4.2) and getListSchema (§4.4): pages, order, tenant isolation, 404/403, injection. */
import { ISO_WITH_OFFSET } from '../support/formats';
import { createUser, createUserWithBot, createListForTest, createProject, inviteToProject } from '../support/factories';
import { expectForbidden, expectInvalid, expectListNotFound, LIST_ID } from '../support/lists';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

const TITLE = { name: 'Title', slug: 'title', type: 'string' };

describe('§4.3 getListSchemas', () => {
	test('§4.3 §4.2 no lists: 200, empty data, the full envelope', async () => {
		const user = await createUser(t);
		const res = await user.api.call('getListSchemas');
		expect(res.status).toBe(200);
		const path = `${t.url}/api/v1/getListSchemas`;
		expect(res.data).toEqual({
			data: [],
			links: { first: `${path}?page=1`, last: `${path}?page=1`, prev: null, next: null },
			meta: { current_page: 1, from: null, last_page: 1, path, per_page: 50, to: null, total: 0 },
		});
	});

	test('§4.3 §8 50 per page, stable order, Laravel from/to, links; a page past the last is 200 with empty data', async () => {
		const { user, project, bot } = await createUserWithBot(t);
		const secondProject = await createProject(t, user);
		const created: string[] = [];
		for (let i = 0; i < 51; i++) {
			const target =
				i % 3 === 0 ? { project_uuid: project.uuid } : i % 3 === 1 ? { bot_id: bot.id } : { project_uuid: secondProject.uuid };
			created.push((await createListForTest(user, target, [TITLE], `List ${i}`)).id);
		}
		const path = `${t.url}/api/v1/getListSchemas`;

		const first = await user.api.call('getListSchemas');
		expect(first.status).toBe(200);
		expect(first.data.data).toHaveLength(50);
		expect(first.data.meta).toEqual({ current_page: 1, from: 1, last_page: 2, path, per_page: 50, to: 50, total: 51 });
		expect(first.data.links).toEqual({ first: `${path}?page=1`, last: `${path}?page=2`, prev: null, next: `${path}?page=2` });

		const second = await user.api.call('getListSchemas', { page: 2 });
		expect(second.data.data).toHaveLength(1);
		expect(second.data.meta).toMatchObject({ current_page: 2, from: 51, to: 51, last_page: 2, total: 51 });
		expect(second.data.links).toMatchObject({ prev: `${path}?page=1`, next: null });

		// Stable: every list exactly once, in creation order, the same on every call.
		const ids = [...first.data.data, ...second.data.data].map((list: { id: string }) => list.id);
		expect(ids).toEqual(created);
		const again = await user.api.call('getListSchemas', { page: 1 });
		expect(again.data.data.map((list: { id: string }) => list.id)).toEqual(created.slice(0, 50));

		const past = await user.api.call('getListSchemas', { page: 7 });
		expect(past.status).toBe(200);
		expect(past.data.data).toEqual([]);
		expect(past.data.meta).toMatchObject({ current_page: 7, from: null, to: null, last_page: 2, total: 51 });
		expect(past.data.links.next).toBeNull();
	});

	test('§4.3 items are list schemas (§2.1), the same as getListSchema shows', async () => {
		const { user, bot } = await createUserWithBot(t);
		const list = await createListForTest(user, { bot_id: bot.id }, [
			TITLE,
			{ name: 'Price', slug: 'price', type: 'money', currency: 'EUR' },
		]);
		const page = await user.api.call('getListSchemas');
		const one = await user.api.call('getListSchema', { schema_id: list.id });
		expect(page.data.data).toEqual([one.data.data]);
		expect(page.data.data[0]).toMatchObject({ id: list.id, bot_id: bot.id, created_at: expect.stringMatching(ISO_WITH_OFFSET) });
	});

	test('§4.3 §1 only the caller’s own projects: not another user’s, not a project the caller was invited to', async () => {
		const { user: owner, project } = await createUserWithBot(t);
		const member = await createUser(t);
		await inviteToProject(t, project, member);
		const ownersList = await createListForTest(owner, { project_uuid: project.uuid });
		const membersProject = await createProject(t, member);
		const membersList = await createListForTest(member, { project_uuid: membersProject.uuid });

		const forMember = await member.api.call('getListSchemas');
		expect(forMember.data.data.map((list: { id: string }) => list.id)).toEqual([membersList.id]);
		expect(forMember.data.meta.total).toBe(1);
		const forOwner = await owner.api.call('getListSchemas');
		expect(forOwner.data.data.map((list: { id: string }) => list.id)).toEqual([ownersList.id]);
	});

	test('§4.1 page arrives as a number or a string, by GET or POST, JSON or form', async () => {
		const { user, project } = await createUserWithBot(t);
		await createListForTest(user, { project_uuid: project.uuid });
		for (const [page, options] of [
			['1', { verb: 'GET' as const }],
			[1, {}],
			['1', { as: 'form' as const }],
			['', { verb: 'GET' as const }],
		] as const) {
			const res = await user.api.call('getListSchemas', { page }, options);
			expect(res.status).toBe(200);
			expect(res.data.meta.current_page).toBe(1);
			expect(res.data.data).toHaveLength(1);
		}
	});

	test('§7.1 a page that is not a positive integer (or an operator) is a 422 on page', async () => {
		const user = await createUser(t);
		for (const page of ['abc', 0, -1, 1.5, '2x']) expectInvalid(await user.api.call('getListSchemas', { page }), ['page']);
		expectInvalid(await user.api.call('getListSchemas', { 'page[$gt]': '0' }, { verb: 'GET' }), ['page']);
		expectInvalid(await user.api.call('getListSchemas', { page: { $gt: 0 } }), ['page']);
	});

	test('§4.3 a huge page number is still 200 with empty data', async () => {
		const { user, project } = await createUserWithBot(t);
		await createListForTest(user, { project_uuid: project.uuid });
		const res = await user.api.call('getListSchemas', { page: Number.MAX_SAFE_INTEGER });
		expect(res.status).toBe(200);
		expect(res.data.data).toEqual([]);
		expect(res.data.meta.total).toBe(1);
	});
});

describe('§4.4 getListSchema', () => {
	test('§4.4 200 with {data: list}, by GET and POST', async () => {
		const { user, project } = await createUserWithBot(t);
		const list = await createListForTest(user, { project_uuid: project.uuid }, [TITLE], 'Mine');
		for (const verb of ['GET', 'POST'] as const) {
			const res = await user.api.call('getListSchema', { schema_id: list.id }, { verb });
			expect(res.status).toBe(200);
			expect(res.data).toEqual({ data: list });
			expect(res.data.data.id).toMatch(LIST_ID);
		}
	});

	test('§4.4 a missing or malformed schema_id: 404 with message, error and errors.schema_id, one text', async () => {
		const user = await createUser(t);
		for (const schemaId of ['0123456789abcdef01234567', 'abc', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', '123']) {
			expectListNotFound(await user.api.call('getListSchema', { schema_id: schemaId }));
		}
	});

	test('§4.4 §4.6 a deleted list: 404', async () => {
		const { user, project } = await createUserWithBot(t);
		const list = await createListForTest(user, { project_uuid: project.uuid });
		expect((await user.api.call('deleteListSchema', { schema_id: list.id })).status).toBe(204);
		expectListNotFound(await user.api.call('getListSchema', { schema_id: list.id }));
	});

	test('§4.4 the 404 text follows Accept-Language', async () => {
		const user = await createUser(t);
		const res = await user.api.call('getListSchema', { schema_id: 'nope' }, { headers: { 'Accept-Language': 'ru-RU,ru;q=0.9' } });
		expectListNotFound(res);
		expect(res.data.message).toMatch(/[а-я]/);
	});

	test('§4.4 another user’s list: 403, no data', async () => {
		const { user: owner, project } = await createUserWithBot(t);
		const stranger = await createUser(t);
		const list = await createListForTest(owner, { project_uuid: project.uuid });
		expectForbidden(await stranger.api.call('getListSchema', { schema_id: list.id }));
	});

	test('§1 §4.4 a list of a project the caller was invited to: 403', async () => {
		const { user: owner, project, bot } = await createUserWithBot(t);
		const member = await createUser(t);
		await inviteToProject(t, project, member);
		const byProject = await createListForTest(owner, { project_uuid: project.uuid });
		const byBot = await createListForTest(owner, { bot_id: bot.id });
		expectForbidden(await member.api.call('getListSchema', { schema_id: byProject.id }));
		expectForbidden(await member.api.call('getListSchema', { schema_id: byBot.id }));
	});

	test('§4.4 schema_id is required', async () => {
		const user = await createUser(t);
		expectInvalid(await user.api.call('getListSchema', {}), ['schema_id']);
		expectInvalid(await user.api.call('getListSchema', { schema_id: '  ' }, { verb: 'GET' }), ['schema_id']);
	});
});

describe('§7.1 operator injection in schema_id leaks nothing', () => {
	const METHODS = ['getListSchema', 'deleteListSchema', 'addListSchemaField', 'deleteListSchemaField'];
	const FIELD = { name: 'Injected', slug: 'injected', type: 'string' };

	test.each(METHODS)(
		'%s: schema_id[$ne]=x (query, form) and {"schema_id": {"$ne": null}} (JSON) are 422 on schema_id',
		async (method) => {
			const { user, project } = await createUserWithBot(t);
			const stranger = await createUser(t);
			const ownList = await createListForTest(user, { project_uuid: project.uuid });
			const extra =
				method === 'addListSchemaField' ? { field: FIELD } : method === 'deleteListSchemaField' ? { slug: 'title' } : {};
			const attempts = await Promise.all([
				stranger.api.call(method, { 'schema_id[$ne]': 'x', ...extra }, { verb: 'GET' }),
				stranger.api.call(method, { 'schema_id[$ne]': 'x', ...extra }, { as: 'form' }),
				stranger.api.call(method, { schema_id: { $ne: null }, ...extra }),
				stranger.api.call(method, { schema_id: { $regex: '.*' }, ...extra }),
				stranger.api.call(method, { schema_id: [ownList.id], ...extra }),
				user.api.call(method, { schema_id: { $ne: null }, ...extra }),
			]);
			for (const res of attempts) {
				expectInvalid(res, ['schema_id']);
				expect(JSON.stringify(res.data)).not.toContain(ownList.id);
			}
			// Nothing changed.
			const after = await user.api.call('getListSchema', { schema_id: ownList.id });
			expect(after.data.data).toEqual(ownList);
		},
	);
});
