/** The core rules on records, observable through the list item methods (§4.6, §4.7, §4.8). */
import { expectInvalid, expectListNotFound } from '../../support/lists';
import { listOf, add, expectItemNotFound } from './items-helpers';
import { startTestServer, type TestServer } from '../../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§4.6 §4.7 §4.8 the list rules on items', () => {
	test('§4.6 a deleted list: its items are not found by getListItems or by item_id', async () => {
		const { user, list } = await listOf(t);
		const item = await add(user, list.id, { title: 'A' });
		expect((await user.api.call('deleteListSchema', { schema_id: list.id })).status).toBe(204);
		expectListNotFound(await user.api.call('getListItems', { schema_id: list.id }));
		expectListNotFound(await user.api.call('addListItem', { schema_id: list.id, data: { title: 'B' } }));
		expectItemNotFound(await user.api.call('updateListItem', { item_id: item.id, data: { qty: 1 } }));
		expectItemNotFound(await user.api.call('deleteListItem', { item_id: item.id }));
	});

	test('§4.7 a required new field: existing items unchanged (null), later additions must fill it', async () => {
		const { user, list } = await listOf(t);
		const item = await add(user, list.id, { title: 'A' });
		const field = { name: 'Due', slug: 'due', type: 'date' };
		expect((await user.api.call('addListSchemaField', { schema_id: list.id, field })).status).toBe(204);
		const read = await user.api.call('getListItems', { schema_id: list.id });
		expect(read.data.data).toEqual([{ ...item, due: null }]);
		expectInvalid(await user.api.call('addListItem', { schema_id: list.id, data: { title: 'B' } }), ['data.due']);
		expect((await add(user, list.id, { title: 'B', due: '2026-12-01' })).due).toBe('2026-12-01');
		// An update of the old item leaves the new field unset: only additions must fill it.
		expect((await user.api.call('updateListItem', { item_id: item.id, data: { qty: 1 } })).status).toBe(200);
	});

	test('§4.8 a deleted field: its values are gone from every item, also when a field of that slug is added again', async () => {
		const { user, list } = await listOf(t);
		await add(user, list.id, { title: 'A', status: 'new' });
		await add(user, list.id, { title: 'B', status: 'sent' });
		expect((await user.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'status' })).status).toBe(204);
		const after = await user.api.call('getListItems', { schema_id: list.id });
		for (const item of after.data.data) expect(item).not.toHaveProperty('status');
		expectInvalid(await user.api.call('getListItems', { schema_id: list.id, filters: { status: 'new' } }), ['filters.status']);
		const field = { name: 'Status', slug: 'status', type: 'string', is_required: false };
		await user.api.call('addListSchemaField', { schema_id: list.id, field });
		const again = await user.api.call('getListItems', { schema_id: list.id });
		expect(again.data.data.map((item: { status: unknown }) => item.status)).toEqual([null, null]);
	});
});
