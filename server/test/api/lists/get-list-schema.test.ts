/** getListSchema (§4.4). */
import { createUser, createUserWithBot, createListForTest, inviteToProject } from '../../support/factories';
import { expectForbidden, expectInvalid, expectListNotFound, LIST_ID } from '../../support/lists';
import { startTestServer, type TestServer } from '../../support/test-server';
import { TITLE } from './read-helpers';
import { documentsSpecParameters } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

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

documentsSpecParameters('getListSchema', () => t, [['schema_id', true, 'string']]);

countsCommands('getListSchema', async (server) => {
	const { user, project } = await createUserWithBot(server);
	const list = await createListForTest(user, { project_uuid: project.uuid });
	return { user, status: 200, call: () => user.api.call('getListSchema', { schema_id: list.id }) };
});
