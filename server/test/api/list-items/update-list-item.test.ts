/** updateListItem (§12.6): a merge of the values given. */
import { createUser, createListForTest } from '../../support/factories';
import { expectForbidden, expectInvalid } from '../../support/lists';
import { ORDER_FIELDS, listOf, add, expectItemNotFound, countedItemsList } from './items-helpers';
import { startTestServer, type TestServer } from '../../support/test-server';
import { documentsSpecParameters } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§12.6 updateListItem', () => {
	test('§12.6 merge: only the slugs sent change; null clears an optional field; updated_at moves', async () => {
		const { user, list } = await listOf(t);
		const item = await add(user, list.id, { title: 'A', qty: 1, status: 'new' });
		const storedTime = async () => (await t.server.database.models.listItems.findById(item.id).lean())!.updatedAt;
		const before = await storedTime();
		const res = await user.api.call('updateListItem', { item_id: item.id, data: { qty: 5, status: null } });
		expect(res.status).toBe(200);
		expect(res.data.data).toMatchObject({ id: item.id, title: 'A', qty: 5, status: null, created_at: item.created_at });
		// Answers show whole seconds, so the stored time tells the change.
		expect((await storedTime()).getTime()).toBeGreaterThan(before.getTime());
		const read = await user.api.call('getListItems', { schema_id: list.id });
		expect(read.data.data).toEqual([res.data.data]);
	});

	test('§12.6 clearing a required field, a wrong type or an unknown slug: 422, nothing changes', async () => {
		const { user, list } = await listOf(t);
		const item = await add(user, list.id, { title: 'A', qty: 1 });
		expectInvalid(await user.api.call('updateListItem', { item_id: item.id, data: { title: null, qty: 'x', nope: 1 } }), [
			'data.title',
			'data.qty',
			'data.nope',
		]);
		expectInvalid(await user.api.call('updateListItem', { item_id: item.id }), ['data']);
		expect((await user.api.call('getListItems', { schema_id: list.id })).data.data[0]).toEqual(item);
	});

	test('§12.6 schema_id optional; another list’s: 404 on item_id; missing or malformed item: 404', async () => {
		const { user, project, list } = await listOf(t);
		const item = await add(user, list.id, { title: 'A' });
		const other = await createListForTest(user, { project_uuid: project.uuid }, ORDER_FIELDS);
		const same = await user.api.call('updateListItem', { item_id: item.id, schema_id: list.id, data: { qty: 1 } });
		expect(same.status).toBe(200);
		expectItemNotFound(await user.api.call('updateListItem', { item_id: item.id, schema_id: other.id, data: { qty: 2 } }));
		expectItemNotFound(await user.api.call('updateListItem', { item_id: 'f'.repeat(24), data: { qty: 2 } }));
		expectItemNotFound(await user.api.call('updateListItem', { item_id: 'x', data: { qty: 2 } }));
	});

	test('§12.8 another user’s item: 403, nothing changes', async () => {
		const { user, list } = await listOf(t);
		const item = await add(user, list.id, { title: 'A' });
		const stranger = await createUser(t);
		expectForbidden(await stranger.api.call('updateListItem', { item_id: item.id, data: { title: 'Stolen' } }));
		expect((await user.api.call('getListItems', { schema_id: list.id })).data.data[0].title).toBe('A');
	});

	test('§12.6 parallel updates of different slugs all hold (merge, no lost update)', async () => {
		const { user, list } = await listOf(t);
		const item = await add(user, list.id, { title: 'A' });
		const updates = await Promise.all([
			user.api.call('updateListItem', { item_id: item.id, data: { qty: 7 } }),
			user.api.call('updateListItem', { item_id: item.id, data: { paid: true } }),
			user.api.call('updateListItem', { item_id: item.id, data: { status: 'sent' } }),
		]);
		expect(updates.map((res) => res.status)).toEqual([200, 200, 200]);
		const read = await user.api.call('getListItems', { schema_id: list.id });
		expect(read.data.data[0]).toMatchObject({ title: 'A', qty: 7, paid: true, status: 'sent' });
	});
});

test('§4.1 §12.6 updateListItem changes an item the same by GET with a query string and by form POST', async () => {
	const { user, list } = await listOf(t);
	for (const options of [{ verb: 'GET' }, { as: 'form' }] as const) {
		const item = await add(user, list.id, { title: 'A', qty: 1 });
		const res = await user.api.call('updateListItem', { item_id: item.id, data: { qty: '5', paid: '0' } }, options);
		expect(res).toMatchObject({ status: 200, data: { data: { id: item.id, title: 'A', qty: 5, paid: false } } });
	}
});

documentsSpecParameters('updateListItem', () => t, [
	['item_id', true, 'string'],
	['schema_id', false, 'string'],
	['data', true, 'object'],
]);

countsCommands('updateListItem', async (server) => {
	const { user, items } = await countedItemsList(server);
	return { user, status: 200, call: () => user.api.call('updateListItem', { item_id: items[0].id, data: { title: 'changed' } }) };
});
