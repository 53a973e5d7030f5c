/**
 * The list item methods (§12): getListItems (§12.4), addListItem (§12.5), updateListItem (§12.6), deleteListItem
 * (§12.7), the value formats per field type (§12.2), and the core rules on records now observable through
 * the API (§4.6, §4.7, §4.8).
 */
import {
	createAccount,
	createAccountWithBot,
	createContact,
	createListForTest,
	type TestAccount,
	type TestListField,
} from '../support/factories';
import { ISO_WITH_OFFSET } from '../support/formats';
import { expectForbidden, expectInvalid, expectListNotFound, LIST_ID, rawCall } from '../support/lists';
import { startTestServer, type TestServer } from '../support/test-server';
import type { HttpResponse } from '../support/http';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

const ORDER_FIELDS: TestListField[] = [
	{ name: 'Title', slug: 'title', type: 'string' },
	{ name: 'Qty', slug: 'qty', type: 'number', is_required: false },
	{ name: 'Paid', slug: 'paid', type: 'bool', is_required: false },
	{ name: 'Status', slug: 'status', type: 'string', is_required: false },
];

async function listOf(fields: TestListField[] = ORDER_FIELDS) {
	const { account, project, bot } = await createAccountWithBot(t);
	const list = await createListForTest(account, { project_uuid: project.uuid }, fields);
	return { account, project, bot, list };
}

async function add(account: TestAccount, schemaId: string, data: Record<string, unknown>) {
	const res = await account.api.call('addListItem', { schema_id: schemaId, data });
	if (res.status !== 201) throw new Error(`addListItem: expected 201, got ${res.status} ${JSON.stringify(res.data)}`);
	return res.data.data as Record<string, unknown> & { id: string; created_at: string; updated_at: string };
}

/** §12.8: 404 with `message`, `error` and `errors.item_id`, one text in all three. */
function expectItemNotFound(res: HttpResponse) {
	expect(res.status).toBe(404);
	expect(res.data).toEqual({ message: expect.any(String), error: expect.any(String), errors: { item_id: [expect.any(String)] } });
	expect(res.data.error).toBe(res.data.message);
}

const ids = (res: HttpResponse) => (res.data.data as { id: string }[]).map((item) => item.id);

describe('§12.5 addListItem', () => {
	test('§12.5 §12.1 201 {data: item}: own fields, then every field by slug in list order, null when unset', async () => {
		const { account, list } = await listOf();
		const res = await rawCall(t, account.apiKey, 'addListItem', { schema_id: list.id, data: { title: 'Order 17', qty: 3 } });
		expect(res.status).toBe(201);
		const item = JSON.parse(res.text).data;
		expect(item).toEqual({
			id: expect.stringMatching(LIST_ID),
			contact_id: null,
			created_at: expect.stringMatching(ISO_WITH_OFFSET),
			updated_at: expect.stringMatching(ISO_WITH_OFFSET),
			title: 'Order 17',
			qty: 3,
			paid: null,
			status: null,
		});
		expect(Object.keys(item)).toEqual(['id', 'contact_id', 'created_at', 'updated_at', 'title', 'qty', 'paid', 'status']);
		// The page is written apart from a single item's answer: the same members, in the same order.
		const read = await rawCall(t, account.apiKey, 'getListItems', { schema_id: list.id });
		expect(read.text).toContain(`"data":[${JSON.stringify(item)}]`);
	});

	test('§12.2 every field type: its format on write, and on read', async () => {
		const { account, project, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot);
		const fields: TestListField[] = [
			{ name: 'S', slug: 's', type: 'string' },
			{ name: 'N', slug: 'n', type: 'number' },
			{ name: 'B', slug: 'b', type: 'bool' },
			{ name: 'D', slug: 'd', type: 'date' },
			{ name: 'DT', slug: 'dt', type: 'datetime' },
			{ name: 'M', slug: 'm', type: 'money', currency: 'EUR' },
			{ name: 'F', slug: 'f', type: 'file' },
			{ name: 'I', slug: 'i', type: 'image' },
			{ name: 'C', slug: 'c', type: 'contact' },
			{ name: 'Bot', slug: 'bt', type: 'bot' },
		];
		const list = await createListForTest(account, { project_uuid: project.uuid }, fields);
		const item = await add(account, list.id, {
			s: 'text',
			n: 2.5,
			b: true,
			d: '2026-03-24',
			dt: '2026-03-24T13:44:47+03:00',
			m: 1999,
			f: 'https://files.example/docs/invoice.pdf',
			i: 'https://files.example/pics/photo%201.jpg',
			c: contact.id,
			bt: bot.id,
		});
		expect(item).toMatchObject({
			contact_id: contact.id,
			s: 'text',
			n: 2.5,
			b: true,
			d: '2026-03-24',
			dt: '2026-03-24T10:44:47+00:00',
			m: 1999,
			f: { type: 'file', url: 'https://files.example/docs/invoice.pdf', name: 'invoice.pdf', mime_type: 'application/pdf' },
			i: {
				type: 'image',
				mime_type: 'image/jpeg',
				url: 'https://files.example/pics/photo%201.jpg',
				name: 'photo 1.jpg',
				size: null,
				storage: 'url',
				meta: { width: null, height: null, duration: null, codec: null },
			},
			c: contact.id,
			bt: bot.id,
		});
	});

	test('§12.2 form fields: numbers, booleans and IDs arrive as strings and are stored as their type', async () => {
		const { account, project, bot } = await createAccountWithBot(t);
		const fields: TestListField[] = [
			{ name: 'N', slug: 'n', type: 'number' },
			{ name: 'B', slug: 'b', type: 'bool' },
			{ name: 'M', slug: 'm', type: 'money', currency: 'USD' },
			{ name: 'Bot', slug: 'bt', type: 'bot' },
		];
		const list = await createListForTest(account, { project_uuid: project.uuid }, fields);
		const res = await account.api.call(
			'addListItem',
			{ schema_id: list.id, data: { n: '-12.5', b: '0', m: '250', bt: String(bot.id) } },
			{ as: 'form' },
		);
		expect(res.status).toBe(201);
		expect(res.data.data).toMatchObject({ n: -12.5, b: false, m: 250, bt: bot.id });
	});

	test('§12.8 wrong types, unknown slugs and missing required fields: 422 under data.<slug>, nothing stored', async () => {
		const { account, project } = await createAccountWithBot(t);
		const fields: TestListField[] = [
			{ name: 'S', slug: 's', type: 'string' },
			{ name: 'N', slug: 'n', type: 'number', is_required: false },
			{ name: 'B', slug: 'b', type: 'bool', is_required: false },
			{ name: 'D', slug: 'd', type: 'date', is_required: false },
			{ name: 'DT', slug: 'dt', type: 'datetime', is_required: false },
			{ name: 'M', slug: 'm', type: 'money', currency: 'EUR', is_required: false },
			{ name: 'I', slug: 'i', type: 'image', is_required: false },
			{ name: 'C', slug: 'c', type: 'contact', is_required: false },
		];
		const list = await createListForTest(account, { project_uuid: project.uuid }, fields);
		const res = await account.api.call('addListItem', {
			schema_id: list.id,
			data: { n: 'many', b: 'maybe', d: '2026-02-30', dt: '2026-03-24 10:00', m: 1.5, i: 'ftp://x/y.png', c: -1, nope: 1 },
		});
		expectInvalid(res, ['data.s', 'data.n', 'data.b', 'data.d', 'data.dt', 'data.m', 'data.i', 'data.c', 'data.nope']);
		expect((await account.api.call('getListItems', { schema_id: list.id })).data.meta.total).toBe(0);
	});

	test('§12.5 without data (and no top-level values): 422 on data', async () => {
		const { account, list } = await listOf();
		expectInvalid(await account.api.call('addListItem', { schema_id: list.id }), ['data']);
		expectInvalid(await account.api.call('addListItem', { schema_id: list.id, data: 'x' }), ['data']);
	});

	test('§12.5 values keyed by slug at the top level are read when data is absent; with data, data wins', async () => {
		const { account, list } = await listOf();
		const top = await account.api.call('addListItem', { schema_id: list.id, title: 'Top', qty: 2 });
		expect(top.status).toBe(201);
		expect(top.data.data).toMatchObject({ title: 'Top', qty: 2 });
		const both = await account.api.call('addListItem', { schema_id: list.id, title: 'Ignored', data: { title: 'Data' } });
		expect(both.data.data).toMatchObject({ title: 'Data', qty: null });
		expectInvalid(await account.api.call('addListItem', { schema_id: list.id, qty: 1 }), ['data.title']);
	});

	test("§12.5 a contact or bot value that is not the caller's own: 422 on data.<slug>", async () => {
		const fields: TestListField[] = [
			{ name: 'C', slug: 'c', type: 'contact', is_required: false },
			{ name: 'Bot', slug: 'bt', type: 'bot', is_required: false },
		];
		const { account, list } = await listOf(fields);
		const other = await createAccountWithBot(t);
		const foreignContact = await createContact(t, other.bot);
		const res = await account.api.call('addListItem', { schema_id: list.id, data: { c: foreignContact.id, bt: other.bot.id } });
		expectInvalid(res, ['data.c', 'data.bt']);
		expectInvalid(await account.api.call('addListItem', { schema_id: list.id, data: { c: 999_999_999 } }), ['data.c']);
		expect((await account.api.call('getListItems', { schema_id: list.id })).data.data).toEqual([]);
	});

	test('§12.8 missing, malformed or foreign list: 404 as §4.4, or 403', async () => {
		const { account, list } = await listOf();
		expectListNotFound(await account.api.call('addListItem', { schema_id: 'ffffffffffffffffffffffff', data: { title: 'x' } }));
		expectListNotFound(await account.api.call('addListItem', { schema_id: 'nope', data: { title: 'x' } }));
		const stranger = await createAccount(t);
		expectForbidden(await stranger.api.call('addListItem', { schema_id: list.id, data: { title: 'x' } }));
		expect((await account.api.call('getListItems', { schema_id: list.id })).data.data).toEqual([]);
	});
});

describe('§12.4 getListItems', () => {
	test('§12.4 §4.2 the envelope; default 20 per page, oldest first; links carry only page', async () => {
		const { account, list } = await listOf();
		const added: string[] = [];
		for (let i = 0; i < 23; i++) added.push((await add(account, list.id, { title: `T${i}` })).id);
		const path = `${t.url}/api/v1/getListItems`;
		const first = await account.api.call('getListItems', { schema_id: list.id });
		expect(first.status).toBe(200);
		expect(ids(first)).toEqual(added.slice(0, 20));
		expect(first.data.meta).toEqual({ current_page: 1, from: 1, last_page: 2, path, per_page: 20, to: 20, total: 23 });
		expect(first.data.links).toEqual({ first: `${path}?page=1`, last: `${path}?page=2`, prev: null, next: `${path}?page=2` });
		const second = await account.api.call('getListItems', { schema_id: list.id, page: 2 });
		expect(ids(second)).toEqual(added.slice(20));
		expect(second.data.meta).toMatchObject({ current_page: 2, from: 21, to: 23, total: 23 });
		const past = await account.api.call('getListItems', { schema_id: list.id, page: 9, limit: 5 });
		expect(past.data).toMatchObject({ data: [], meta: { from: null, to: null, total: 23, last_page: 5, per_page: 5 } });
		const limited = await account.api.call('getListItems', { schema_id: list.id, page: 3, limit: 10 });
		expect(ids(limited)).toEqual(added.slice(20));
		expect(limited.data.meta).toMatchObject({ total: 23, last_page: 3 });
	});

	test('§12.4 limit 1 to 1000, page from 1: 422 otherwise', async () => {
		const { account, list } = await listOf();
		expectInvalid(await account.api.call('getListItems', { schema_id: list.id, limit: 1001 }), ['limit']);
		expectInvalid(await account.api.call('getListItems', { schema_id: list.id, limit: 0, page: 0 }), ['limit', 'page']);
		expect((await account.api.call('getListItems', { schema_id: list.id, limit: 1000 })).status).toBe(200);
	});

	test('§12.4 filters: equality per slug, AND across slugs, an array is any of; values read as the field type', async () => {
		const { account, list } = await listOf();
		const a = await add(account, list.id, { title: 'A', qty: 1, paid: true, status: 'new' });
		const b = await add(account, list.id, { title: 'B', qty: 2, paid: false, status: 'new' });
		const c = await add(account, list.id, { title: 'C', qty: 2, paid: true, status: 'sent' });
		const get = (filters: unknown, as?: 'json' | 'query' | 'form') =>
			account.api.call('getListItems', { schema_id: list.id, filters }, as === 'query' ? { verb: 'GET' } : { as });
		expect(ids(await get({ status: 'new' }))).toEqual([a.id, b.id]);
		expect(ids(await get({ status: 'new', qty: 2 }))).toEqual([b.id]);
		expect(ids(await get({ qty: [1, 2], paid: true }))).toEqual([a.id, c.id]);
		// §4.1: a query string and a form body, values as strings.
		expect(ids(await get({ qty: '2', paid: '1' }, 'query'))).toEqual([c.id]);
		expect(ids(await get({ status: ['new', 'sent'], paid: '0' }, 'form'))).toEqual([b.id]);
		expect((await get({ status: 'none' })).data).toMatchObject({ data: [], meta: { total: 0 } });
	});

	test('§12.4 date and datetime filters take Unix seconds', async () => {
		const fields: TestListField[] = [
			{ name: 'D', slug: 'd', type: 'date' },
			{ name: 'DT', slug: 'dt', type: 'datetime' },
		];
		const { account, list } = await listOf(fields);
		const item = await add(account, list.id, { d: '2026-03-24', dt: '2026-03-24T10:44:47+00:00' });
		await add(account, list.id, { d: '2026-03-25', dt: '2026-03-25T10:44:47+00:00' });
		const day = Date.UTC(2026, 2, 24) / 1000;
		const moment = Date.UTC(2026, 2, 24, 10, 44, 47) / 1000;
		expect(ids(await account.api.call('getListItems', { schema_id: list.id, filters: { d: day } }))).toEqual([item.id]);
		expect(ids(await account.api.call('getListItems', { schema_id: list.id, filters: { dt: String(moment) } }))).toEqual([
			item.id,
		]);
		expectInvalid(await account.api.call('getListItems', { schema_id: list.id, filters: { d: '2026-03-24' } }), ['filters.d']);
	});

	test('§12.4 unknown slug or a value of the wrong type: 422 on filters.<slug>', async () => {
		const { account, list } = await listOf();
		const res = await account.api.call('getListItems', { schema_id: list.id, filters: { nope: 1, qty: 'x', paid: 'perhaps' } });
		expectInvalid(res, ['filters.nope', 'filters.qty', 'filters.paid']);
	});

	test('§12.4 order_by: a slug or own field, asc or desc; ties by ID; unknown: 422 on order_by', async () => {
		const { account, list } = await listOf();
		const a = await add(account, list.id, { title: 'b', qty: 2 });
		const b = await add(account, list.id, { title: 'a', qty: 1 });
		const c = await add(account, list.id, { title: 'c', qty: 2 });
		const order = async (order_by: string) => ids(await account.api.call('getListItems', { schema_id: list.id, order_by }));
		expect(await order('title')).toEqual([b.id, a.id, c.id]);
		expect(await order('title,desc')).toEqual([c.id, a.id, b.id]);
		expect(await order('qty,asc')).toEqual([b.id, a.id, c.id]);
		expect(await order('created_at,desc')).toEqual([c.id, b.id, a.id]);
		expect(await order('id')).toEqual([a.id, b.id, c.id]);
		for (const bad of ['nope', 'title,up', 'title,asc,x', '']) {
			if (bad === '') continue;
			expectInvalid(await account.api.call('getListItems', { schema_id: list.id, order_by: bad }), ['order_by']);
		}
	});

	test('§12.4 bot_id and contact_id select by the first field of that type; without such a field, 422', async () => {
		const fields: TestListField[] = [
			{ name: 'C', slug: 'client', type: 'contact' },
			{ name: 'T', slug: 'title', type: 'string', is_required: false },
		];
		const { account, bot, list } = await listOf(fields);
		const [one, two] = [await createContact(t, bot), await createContact(t, bot)];
		const first = await add(account, list.id, { client: one.id });
		await add(account, list.id, { client: two.id });
		const res = await account.api.call('getListItems', { schema_id: list.id, contact_id: one.id });
		expect(res.data.data).toEqual([expect.objectContaining({ id: first.id, contact_id: one.id, client: one.id })]);
		expectInvalid(await account.api.call('getListItems', { schema_id: list.id, bot_id: bot.id }), ['bot_id']);
	});

	test('§12.8 another account: 403; a missing or malformed list: 404 as §4.4', async () => {
		const { list } = await listOf();
		const stranger = await createAccount(t);
		expectForbidden(await stranger.api.call('getListItems', { schema_id: list.id }));
		expectListNotFound(await stranger.api.call('getListItems', { schema_id: '0'.repeat(24) }));
		expectListNotFound(await stranger.api.call('getListItems', { schema_id: 'x' }));
		expectInvalid(await stranger.api.call('getListItems', { schema_id: { $ne: null } }), ['schema_id']);
	});
});

describe('§12.6 updateListItem', () => {
	test('§12.6 merge: only the slugs sent change; null clears an optional field; updated_at moves', async () => {
		const { account, list } = await listOf();
		const item = await add(account, list.id, { title: 'A', qty: 1, status: 'new' });
		const storedTime = async () => (await t.server.database.models.listItems.findById(item.id).lean())!.updatedAt;
		const before = await storedTime();
		const res = await account.api.call('updateListItem', { item_id: item.id, data: { qty: 5, status: null } });
		expect(res.status).toBe(200);
		expect(res.data.data).toMatchObject({ id: item.id, title: 'A', qty: 5, status: null, created_at: item.created_at });
		// Answers show whole seconds, so the stored time tells the change.
		expect((await storedTime()).getTime()).toBeGreaterThan(before.getTime());
		const read = await account.api.call('getListItems', { schema_id: list.id });
		expect(read.data.data).toEqual([res.data.data]);
	});

	test('§12.6 clearing a required field, a wrong type or an unknown slug: 422, nothing changes', async () => {
		const { account, list } = await listOf();
		const item = await add(account, list.id, { title: 'A', qty: 1 });
		expectInvalid(await account.api.call('updateListItem', { item_id: item.id, data: { title: null, qty: 'x', nope: 1 } }), [
			'data.title',
			'data.qty',
			'data.nope',
		]);
		expectInvalid(await account.api.call('updateListItem', { item_id: item.id }), ['data']);
		expect((await account.api.call('getListItems', { schema_id: list.id })).data.data[0]).toEqual(item);
	});

	test('§12.6 schema_id optional; another list’s: 404 on item_id; missing or malformed item: 404', async () => {
		const { account, project, list } = await listOf();
		const item = await add(account, list.id, { title: 'A' });
		const other = await createListForTest(account, { project_uuid: project.uuid }, ORDER_FIELDS);
		const same = await account.api.call('updateListItem', { item_id: item.id, schema_id: list.id, data: { qty: 1 } });
		expect(same.status).toBe(200);
		expectItemNotFound(await account.api.call('updateListItem', { item_id: item.id, schema_id: other.id, data: { qty: 2 } }));
		expectItemNotFound(await account.api.call('updateListItem', { item_id: 'f'.repeat(24), data: { qty: 2 } }));
		expectItemNotFound(await account.api.call('updateListItem', { item_id: 'x', data: { qty: 2 } }));
	});

	test('§12.8 another account’s item: 403, nothing changes', async () => {
		const { account, list } = await listOf();
		const item = await add(account, list.id, { title: 'A' });
		const stranger = await createAccount(t);
		expectForbidden(await stranger.api.call('updateListItem', { item_id: item.id, data: { title: 'Stolen' } }));
		expect((await account.api.call('getListItems', { schema_id: list.id })).data.data[0].title).toBe('A');
	});

	test('§12.6 parallel updates of different slugs all hold (merge, no lost update)', async () => {
		const { account, list } = await listOf();
		const item = await add(account, list.id, { title: 'A' });
		const updates = await Promise.all([
			account.api.call('updateListItem', { item_id: item.id, data: { qty: 7 } }),
			account.api.call('updateListItem', { item_id: item.id, data: { paid: true } }),
			account.api.call('updateListItem', { item_id: item.id, data: { status: 'sent' } }),
		]);
		expect(updates.map((res) => res.status)).toEqual([200, 200, 200]);
		const read = await account.api.call('getListItems', { schema_id: list.id });
		expect(read.data.data[0]).toMatchObject({ title: 'A', qty: 7, paid: true, status: 'sent' });
	});
});

describe('§12.7 deleteListItem', () => {
	test('§12.7 204 with no body; the item is gone; again: 404 on item_id', async () => {
		const { account, list } = await listOf();
		const item = await add(account, list.id, { title: 'A' });
		const kept = await add(account, list.id, { title: 'B' });
		const res = await account.api.call('deleteListItem', { item_id: item.id });
		expect(res.status).toBe(204);
		expect(res.data).toBe('');
		expect(ids(await account.api.call('getListItems', { schema_id: list.id }))).toEqual([kept.id]);
		expectItemNotFound(await account.api.call('deleteListItem', { item_id: item.id }));
		expectItemNotFound(await account.api.call('updateListItem', { item_id: item.id, data: { qty: 1 } }));
	});

	test('§12.8 another account’s item: 403 and kept; a GET with a query string deletes as well (§4.1)', async () => {
		const { account, list } = await listOf();
		const item = await add(account, list.id, { title: 'A' });
		const stranger = await createAccount(t);
		expectForbidden(await stranger.api.call('deleteListItem', { item_id: item.id }));
		expect(ids(await account.api.call('getListItems', { schema_id: list.id }))).toEqual([item.id]);
		expect((await account.api.call('deleteListItem', { item_id: item.id }, { verb: 'GET' })).status).toBe(204);
	});

	test('§12.7 parallel deletes of one item: one 204, the others 404', async () => {
		const { account, list } = await listOf();
		const item = await add(account, list.id, { title: 'A' });
		const results = await Promise.all([1, 2, 3].map(() => account.api.call('deleteListItem', { item_id: item.id })));
		expect(results.map((res) => res.status).sort()).toEqual([204, 404, 404]);
	});
});

describe('§4.6 §4.7 §4.8 the list rules on items', () => {
	test('§4.6 a deleted list: its items are not found by getListItems or by item_id', async () => {
		const { account, list } = await listOf();
		const item = await add(account, list.id, { title: 'A' });
		expect((await account.api.call('deleteListSchema', { schema_id: list.id })).status).toBe(204);
		expectListNotFound(await account.api.call('getListItems', { schema_id: list.id }));
		expectListNotFound(await account.api.call('addListItem', { schema_id: list.id, data: { title: 'B' } }));
		expectItemNotFound(await account.api.call('updateListItem', { item_id: item.id, data: { qty: 1 } }));
		expectItemNotFound(await account.api.call('deleteListItem', { item_id: item.id }));
	});

	test('§4.7 a required new field: existing items unchanged (null), later additions must fill it', async () => {
		const { account, list } = await listOf();
		const item = await add(account, list.id, { title: 'A' });
		const field = { name: 'Due', slug: 'due', type: 'date' };
		expect((await account.api.call('addListSchemaField', { schema_id: list.id, field })).status).toBe(204);
		const read = await account.api.call('getListItems', { schema_id: list.id });
		expect(read.data.data).toEqual([{ ...item, due: null }]);
		expectInvalid(await account.api.call('addListItem', { schema_id: list.id, data: { title: 'B' } }), ['data.due']);
		expect((await add(account, list.id, { title: 'B', due: '2026-12-01' })).due).toBe('2026-12-01');
		// An update of the old item leaves the new field unset: only additions must fill it.
		expect((await account.api.call('updateListItem', { item_id: item.id, data: { qty: 1 } })).status).toBe(200);
	});

	test('§4.8 a deleted field: its values are gone from every item, also when a field of that slug is added again', async () => {
		const { account, list } = await listOf();
		await add(account, list.id, { title: 'A', status: 'new' });
		await add(account, list.id, { title: 'B', status: 'sent' });
		expect((await account.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'status' })).status).toBe(204);
		const after = await account.api.call('getListItems', { schema_id: list.id });
		for (const item of after.data.data) expect(item).not.toHaveProperty('status');
		expectInvalid(await account.api.call('getListItems', { schema_id: list.id, filters: { status: 'new' } }), ['filters.status']);
		const field = { name: 'Status', slug: 'status', type: 'string', is_required: false };
		await account.api.call('addListSchemaField', { schema_id: list.id, field });
		const again = await account.api.call('getListItems', { schema_id: list.id });
		expect(again.data.data.map((item: { status: unknown }) => item.status)).toEqual([null, null]);
	});
});

describe('§12 isolation between users', () => {
	test('§12 two users with lists of the same slugs see only their own items', async () => {
		const one = await listOf();
		const two = await listOf();
		const mine = await add(one.account, one.list.id, { title: 'Mine' });
		await add(two.account, two.list.id, { title: 'Theirs' });
		expect(ids(await one.account.api.call('getListItems', { schema_id: one.list.id }))).toEqual([mine.id]);
		expectForbidden(await two.account.api.call('getListItems', { schema_id: one.list.id }));
	});
});
