/** deleteListSchema (§4.6). */
import {
	createUser,
	createListForTest,
	createListItemForTest,
	inviteToProject,
	createUserWithBot,
} from '../../support/factories';
import { expectForbidden, expectInvalid, expectListNotFound, listIdsOf, listsCountOf, storedItemsOf } from '../../support/lists';
import { startTestServer, type TestServer } from '../../support/test-server';
import { FIELDS, itemsOf, listWithItems } from './fields-helpers';
import { documentsSpecParameters } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§4.6 deleteListSchema', () => {
	test('§4.6 §3 204 with no body; the list and all its records are gone; later lookups give 404', async () => {
		const { user, project, list, items } = await listWithItems(t);
		expect(await storedItemsOf(t, list.id)).toHaveLength(items.length);
		const res = await user.api.call('deleteListSchema', { schema_id: list.id });
		expect(res.status).toBe(204);
		expect(res.data).toBe('');
		expectListNotFound(await user.api.call('getListSchema', { schema_id: list.id }));
		expect(await storedItemsOf(t, list.id)).toEqual([]);
		expect((await t.admin.request('GET', `/lists/${list.id}/items`)).status).toBe(404);
		expect((await user.api.call('getListSchemas')).data.data).toEqual([]);
		expect(await listsCountOf(t, project.uuid)).toBe(0);
	});

	test('§4.6 only that list’s records go; other lists keep theirs', async () => {
		const { user, project, list } = await listWithItems(t);
		const other = await createListForTest(user, { project_uuid: project.uuid }, FIELDS);
		await createListItemForTest(t, other.id, { title: 'Kept' });
		await user.api.call('deleteListSchema', { schema_id: list.id });
		expect((await itemsOf(t, other.id)).map((item) => item.values)).toEqual([{ title: 'Kept' }]);
	});

	test('§4.6 deleting again, or a list that never existed: 404', async () => {
		const { user, list } = await listWithItems(t);
		expect((await user.api.call('deleteListSchema', { schema_id: list.id })).status).toBe(204);
		expectListNotFound(await user.api.call('deleteListSchema', { schema_id: list.id }));
		expectListNotFound(await user.api.call('deleteListSchema', { schema_id: 'not-a-list' }));
		expectInvalid(await user.api.call('deleteListSchema', {}), ['schema_id']);
	});

	test('§4.6 parallel deletes of one list: one 204, the others 404, and only its slot is given back', async () => {
		const { user, project, list } = await listWithItems(t);
		const other = await createListForTest(user, { project_uuid: project.uuid }, FIELDS);
		const results = await Promise.all([1, 2, 3].map(() => user.api.call('deleteListSchema', { schema_id: list.id })));
		expect(results.map((res) => res.status).sort()).toEqual([204, 404, 404]);
		expect(await listIdsOf(t, project.uuid)).toEqual([other.id]);
	});

	test('§4.6 §1 another user’s list, or one of a project the caller was invited to: 403, nothing deleted', async () => {
		const { project, list, items } = await listWithItems(t);
		const stranger = await createUser(t);
		const member = await createUser(t);
		await inviteToProject(t, project, member);
		expectForbidden(await stranger.api.call('deleteListSchema', { schema_id: list.id }));
		expectForbidden(await member.api.call('deleteListSchema', { schema_id: list.id }, { verb: 'GET' }));
		expect(await itemsOf(t, list.id)).toHaveLength(items.length);
		expect(await listsCountOf(t, project.uuid)).toBe(1);
	});

	test('§4.1 by GET with a query string', async () => {
		const { user, list } = await listWithItems(t);
		expect((await user.api.call('deleteListSchema', { schema_id: list.id }, { verb: 'GET' })).status).toBe(204);
		expect(await storedItemsOf(t, list.id)).toEqual([]);
	});
});

documentsSpecParameters('deleteListSchema', () => t, [['schema_id', true, 'string']]);

countsCommands('deleteListSchema', async (server) => {
	const { user, project } = await createUserWithBot(server);
	const list = await createListForTest(user, { project_uuid: project.uuid });
	return { user, status: 204, call: () => user.api.call('deleteListSchema', { schema_id: list.id }) };
});
