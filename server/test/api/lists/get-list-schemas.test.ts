/** getListSchemas (§4.3). */
import { ISO_WITH_OFFSET } from '../../support/formats';
import { createUser, createUserWithBot, createListForTest, createProject, inviteToProject } from '../../support/factories';
import { expectInvalid } from '../../support/lists';
import { startTestServer, type TestServer } from '../../support/test-server';
import { TITLE } from './read-helpers';
import { documentsSpecParameters } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

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

documentsSpecParameters('getListSchemas', () => t, [['page', false, 'integer', { minimum: 1 }]]);

countsCommands('getListSchemas', async (server) => {
	const { user, project } = await createUserWithBot(server);
	await createListForTest(user, { project_uuid: project.uuid });
	return { user, status: 200, call: () => user.api.call('getListSchemas') };
});
