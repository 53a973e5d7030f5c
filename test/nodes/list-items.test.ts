/**
 * List Item operations through n8n (spec §12): Get Many with Return All walking the pages, Limit, filters and sort;
 * Add and Update from key/value pairs or JSON; Delete; and the errors a workflow builder meets.
 */
import { Types } from 'mongoose';
import { createUserWithBot, createListForTest, type TestUser } from '../../server/test/support/factories';
import { runNode } from './support/n8n-harness';
import { useNodeTestEnv } from './support/setup';

const env = useNodeTestEnv();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

const FIELDS = [
	{ name: 'Title', slug: 'title', type: 'string' },
	{ name: 'Qty', slug: 'qty', type: 'number', is_required: false },
	{ name: 'Status', slug: 'status', type: 'string', is_required: false },
];

async function ownerWithList() {
	const { user, project } = await createUserWithBot(env.t);
	const list = await createListForTest(user, { project_uuid: project.uuid }, FIELDS);
	return { owner: user, list };
}

async function addThroughApi(owner: TestUser, schemaId: string, data: Record<string, unknown>) {
	const res = await owner.api.call('addListItem', { schema_id: schemaId, data });
	expect(res.status).toBe(201);
	return res.data.data as { id: string };
}

describe('Get Many', () => {
	let owner: TestUser;
	let listId: string;
	const ids: string[] = [];

	beforeAll(async () => {
		({
			owner,
			list: { id: listId },
		} = await ownerWithList());
		// Three pages of 1000 need over 2000 items: written straight into the store, in the shape addListItem stores
		// (2000 calls would take minutes on a loaded machine); two more through the API, so both kinds are read.
		const statuses = ['new', 'sent', 'paid'];
		const start = Date.now() - 3_600_000;
		const stored = Array.from({ length: 2003 }, (_, n) => ({
			_id: new Types.ObjectId(),
			listId: new Types.ObjectId(listId),
			values: { title: `T${n}`, qty: n % 7, status: statuses[n % 3] },
			createdAt: new Date(start + n),
			updatedAt: new Date(start + n),
		}));
		await env.t.server.database.models.listItems.insertMany(stored);
		ids.push(...stored.map((item) => item._id.toHexString()));
		for (const n of [2003, 2004])
			ids.push((await addThroughApi(owner, listId, { title: `T${n}`, qty: n % 7, status: statuses[n % 3] })).id);
	}, 60_000);

	test('Return All walks every page of 1000 with the same parameters', async () => {
		const result = await runNode({
			credentials: env.credentials(owner),
			parameters: { resource: 'listItem', operation: 'getAll', list: byId(listId), returnAll: true },
			typeVersion: 3.1,
		});
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(2005);
		expect(new Set(result.json.map((item) => item.id))).toEqual(new Set(ids));
		expect(env.proxy.calls('getListItems').map((r) => [r.body.page, r.body.limit, r.body.schema_id])).toEqual([
			[1, 1000, listId],
			[2, 1000, listId],
			[3, 1000, listId],
		]);
	});

	test('a Limit asks only for what it needs', async () => {
		const result = await runNode({
			credentials: env.credentials(owner),
			parameters: { resource: 'listItem', operation: 'getAll', list: byId(listId), returnAll: false, limit: 30 },
			typeVersion: 3.1,
		});
		expect(result.json).toHaveLength(30);
		expect(env.proxy.calls('getListItems').map((r) => [r.body.page, r.body.limit])).toEqual([[1, 30]]);
	});

	test('filters (one slug twice: either value) and sort reach the API and select the items', async () => {
		const result = await runNode({
			credentials: env.credentials(owner),
			parameters: {
				resource: 'listItem',
				operation: 'getAll',
				list: byId(listId),
				returnAll: true,
				filters: {
					conditions: [
						{ slug: 'qty', value: '3' },
						{ slug: 'status', value: 'new' },
						{ slug: 'status', value: 'paid' },
					],
				},
				sort: { field: 'title', direction: 'desc' },
			},
			typeVersion: 3.1,
		});
		expect(result.error).toBeUndefined();
		expect(result.json.length).toBeGreaterThan(10);
		for (const item of result.json) {
			expect(item.qty).toBe(3);
			expect(['new', 'paid']).toContain(item.status);
		}
		const titles = result.json.map((item) => String(item.title));
		expect(titles).toEqual([...titles].sort().reverse());
		expect(env.proxy.calls('getListItems')[0].body).toMatchObject({
			filters: { qty: '3', status: ['new', 'paid'] },
			order_by: 'title,desc',
		});
	});
});

describe('one item', () => {
	test('Add from key/value pairs, Update from JSON (a merge), Delete; each returns what the API says', async () => {
		const { owner, list } = await ownerWithList();
		const added = await runNode({
			credentials: env.credentials(owner),
			parameters: {
				resource: 'listItem',
				operation: 'add',
				list: byId(list.id),
				fieldsInput: 'pairs',
				fields: {
					values: [
						{ slug: 'title', value: 'Order 17' },
						{ slug: 'qty', value: '2' },
					],
				},
			},
			typeVersion: 3.1,
		});
		expect(added.error).toBeUndefined();
		expect(added.json).toEqual([expect.objectContaining({ title: 'Order 17', qty: 2, status: null, contact_id: null })]);
		const itemId = String(added.json[0].id);

		const updated = await runNode({
			credentials: env.credentials(owner),
			parameters: { resource: 'listItem', operation: 'update', itemId, fieldsInput: 'json', fieldsJson: '{"status": "paid"}' },
			typeVersion: 3.1,
		});
		expect(updated.error).toBeUndefined();
		expect(updated.json).toEqual([expect.objectContaining({ id: itemId, title: 'Order 17', qty: 2, status: 'paid' })]);
		expect(env.proxy.calls('updateListItem')[0].body).toEqual({ item_id: itemId, data: { status: 'paid' } });

		const deleted = await runNode({
			credentials: env.credentials(owner),
			parameters: { resource: 'listItem', operation: 'delete', itemId },
			typeVersion: 3.1,
		});
		expect(deleted.json).toEqual([{ deleted: true }]);
		const gone = await runNode({
			credentials: env.credentials(owner),
			parameters: { resource: 'listItem', operation: 'delete', itemId },
			typeVersion: 3.1,
		});
		expect(gone.error).toMatchObject({ message: 'List item not found: check the Item ID', httpCode: '404' });
	});

	test('a missing required field is a 422 naming data.<slug>; with Continue, the error is an item of the output', async () => {
		const { owner, list } = await ownerWithList();
		const result = await runNode({
			credentials: env.credentials(owner),
			parameters: {
				resource: 'listItem',
				operation: 'add',
				list: byId(list.id),
				fieldsInput: 'pairs',
				fields: { values: [{ slug: 'qty', value: '1' }] },
			},
			typeVersion: 3.1,
		});
		expect(result.error?.httpCode).toBe('422');
		expect(result.error?.description).toMatch(/^data\.title: .+/m);
		const continued = await runNode({
			credentials: env.credentials(owner),
			parameters: { resource: 'listItem', operation: 'add', list: byId(list.id), fieldsInput: 'json', fieldsJson: '[1]' },
			typeVersion: 3.1,
			continueOnFail: true,
		});
		expect(continued.json).toEqual([expect.objectContaining({ error: expect.stringMatching(/JSON object/) })]);
		expect(env.proxy.calls('addListItem')).toHaveLength(1);
	});

	test('an item of a deleted list: 404 with the item message', async () => {
		const { owner, list } = await ownerWithList();
		const item = await addThroughApi(owner, list.id, { title: 'A' });
		expect((await owner.api.call('deleteListSchema', { schema_id: list.id })).status).toBe(204);
		const result = await runNode({
			credentials: env.credentials(owner),
			parameters: { resource: 'listItem', operation: 'update', itemId: item.id, fieldsInput: 'json', fieldsJson: { qty: 1 } },
			typeVersion: 3.1,
		});
		expect(result.error).toMatchObject({ message: 'List item not found: check the Item ID', httpCode: '404' });
	});
});
