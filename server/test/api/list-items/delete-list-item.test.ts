/** deleteListItem (§12.7). */
import { createUser } from '../../support/factories';
import { expectForbidden } from '../../support/lists';
import { listOf, add, expectItemNotFound, ids, countedItemsList } from './items-helpers';
import { startTestServer, type TestServer } from '../../support/test-server';
import { documentsSpecParameters } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§12.7 deleteListItem', () => {
	test('§12.7 204 with no body; the item is gone; again: 404 on item_id', async () => {
		const { user, list } = await listOf(t);
		const item = await add(user, list.id, { title: 'A' });
		const kept = await add(user, list.id, { title: 'B' });
		const res = await user.api.call('deleteListItem', { item_id: item.id });
		expect(res.status).toBe(204);
		expect(res.data).toBe('');
		expect(ids(await user.api.call('getListItems', { schema_id: list.id }))).toEqual([kept.id]);
		expectItemNotFound(await user.api.call('deleteListItem', { item_id: item.id }));
		expectItemNotFound(await user.api.call('updateListItem', { item_id: item.id, data: { qty: 1 } }));
	});

	test('§12.8 another user’s item: 403 and kept; a GET with a query string deletes as well (§4.1)', async () => {
		const { user, list } = await listOf(t);
		const item = await add(user, list.id, { title: 'A' });
		const stranger = await createUser(t);
		expectForbidden(await stranger.api.call('deleteListItem', { item_id: item.id }));
		expect(ids(await user.api.call('getListItems', { schema_id: list.id }))).toEqual([item.id]);
		expect((await user.api.call('deleteListItem', { item_id: item.id }, { verb: 'GET' })).status).toBe(204);
	});

	test('§12.7 parallel deletes of one item: one 204, the others 404', async () => {
		const { user, list } = await listOf(t);
		const item = await add(user, list.id, { title: 'A' });
		const results = await Promise.all([1, 2, 3].map(() => user.api.call('deleteListItem', { item_id: item.id })));
		expect(results.map((res) => res.status).sort()).toEqual([204, 404, 404]);
	});
});

documentsSpecParameters('deleteListItem', () => t, [['item_id', true, 'string']]);

countsCommands('deleteListItem', async (server) => {
	const { user, items } = await countedItemsList(server);
	return { user, status: 204, call: () => user.api.call('deleteListItem', { item_id: items[0].id }) };
});
