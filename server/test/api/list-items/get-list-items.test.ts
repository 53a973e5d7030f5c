/** getListItems (§12.4): filters, order_by, page, limit and the envelope of §4.2. */
import { createUser, createContact, type TestListField } from '../../support/factories';
import { expectForbidden, expectInvalid, expectListNotFound } from '../../support/lists';
import { listOf, add, ids, countedItemsList } from './items-helpers';
import { startTestServer, type TestServer } from '../../support/test-server';
import { documentsSpecParameters } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§12.4 getListItems', () => {
	test('§12.4 §4.2 the envelope; default 20 per page, oldest first; links carry only page', async () => {
		const { user, list } = await listOf(t);
		const added: string[] = [];
		for (let i = 0; i < 23; i++) added.push((await add(user, list.id, { title: `T${i}` })).id);
		const path = `${t.url}/api/v1/getListItems`;
		const first = await user.api.call('getListItems', { schema_id: list.id });
		expect(first.status).toBe(200);
		expect(ids(first)).toEqual(added.slice(0, 20));
		expect(first.data.meta).toEqual({ current_page: 1, from: 1, last_page: 2, path, per_page: 20, to: 20, total: 23 });
		expect(first.data.links).toEqual({ first: `${path}?page=1`, last: `${path}?page=2`, prev: null, next: `${path}?page=2` });
		const second = await user.api.call('getListItems', { schema_id: list.id, page: 2 });
		expect(ids(second)).toEqual(added.slice(20));
		expect(second.data.meta).toMatchObject({ current_page: 2, from: 21, to: 23, total: 23 });
		const past = await user.api.call('getListItems', { schema_id: list.id, page: 9, limit: 5 });
		expect(past.data).toMatchObject({ data: [], meta: { from: null, to: null, total: 23, last_page: 5, per_page: 5 } });
		const limited = await user.api.call('getListItems', { schema_id: list.id, page: 3, limit: 10 });
		expect(ids(limited)).toEqual(added.slice(20));
		expect(limited.data.meta).toMatchObject({ total: 23, last_page: 3 });
	});

	test('§12.4 limit 1 to 1000, page from 1: 422 otherwise', async () => {
		const { user, list } = await listOf(t);
		expectInvalid(await user.api.call('getListItems', { schema_id: list.id, limit: 1001 }), ['limit']);
		expectInvalid(await user.api.call('getListItems', { schema_id: list.id, limit: 0, page: 0 }), ['limit', 'page']);
		expect((await user.api.call('getListItems', { schema_id: list.id, limit: 1000 })).status).toBe(200);
	});

	test('§12.4 filters: equality per slug, AND across slugs, an array is any of; values read as the field type', async () => {
		const { user, list } = await listOf(t);
		const a = await add(user, list.id, { title: 'A', qty: 1, paid: true, status: 'new' });
		const b = await add(user, list.id, { title: 'B', qty: 2, paid: false, status: 'new' });
		const c = await add(user, list.id, { title: 'C', qty: 2, paid: true, status: 'sent' });
		const get = (filters: unknown, as?: 'json' | 'query' | 'form') =>
			user.api.call('getListItems', { schema_id: list.id, filters }, as === 'query' ? { verb: 'GET' } : { as });
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
		const { user, list } = await listOf(t, fields);
		const item = await add(user, list.id, { d: '2026-03-24', dt: '2026-03-24T10:44:47+00:00' });
		await add(user, list.id, { d: '2026-03-25', dt: '2026-03-25T10:44:47+00:00' });
		const day = Date.UTC(2026, 2, 24) / 1000;
		const moment = Date.UTC(2026, 2, 24, 10, 44, 47) / 1000;
		expect(ids(await user.api.call('getListItems', { schema_id: list.id, filters: { d: day } }))).toEqual([item.id]);
		expect(ids(await user.api.call('getListItems', { schema_id: list.id, filters: { dt: String(moment) } }))).toEqual([item.id]);
		expectInvalid(await user.api.call('getListItems', { schema_id: list.id, filters: { d: '2026-03-24' } }), ['filters.d']);
	});

	test('§12.4 unknown slug or a value of the wrong type: 422 on filters.<slug>', async () => {
		const { user, list } = await listOf(t);
		const res = await user.api.call('getListItems', { schema_id: list.id, filters: { nope: 1, qty: 'x', paid: 'perhaps' } });
		expectInvalid(res, ['filters.nope', 'filters.qty', 'filters.paid']);
	});

	test('§12.4 order_by: a slug or own field, asc or desc; ties by ID; unknown: 422 on order_by', async () => {
		const { user, list } = await listOf(t);
		const a = await add(user, list.id, { title: 'b', qty: 2 });
		const b = await add(user, list.id, { title: 'a', qty: 1 });
		const c = await add(user, list.id, { title: 'c', qty: 2 });
		const order = async (order_by: string) => ids(await user.api.call('getListItems', { schema_id: list.id, order_by }));
		expect(await order('title')).toEqual([b.id, a.id, c.id]);
		expect(await order('title,desc')).toEqual([c.id, a.id, b.id]);
		expect(await order('qty,asc')).toEqual([b.id, a.id, c.id]);
		expect(await order('created_at,desc')).toEqual([c.id, b.id, a.id]);
		expect(await order('id')).toEqual([a.id, b.id, c.id]);
		for (const bad of ['nope', 'title,up', 'title,asc,x', '']) {
			if (bad === '') continue;
			expectInvalid(await user.api.call('getListItems', { schema_id: list.id, order_by: bad }), ['order_by']);
		}
	});

	test('§12.4 bot_id and contact_id select by the first field of that type; without such a field, 422', async () => {
		const fields: TestListField[] = [
			{ name: 'C', slug: 'client', type: 'contact' },
			{ name: 'T', slug: 'title', type: 'string', is_required: false },
		];
		const { user, bot, list } = await listOf(t, fields);
		const [one, two] = [await createContact(t, bot), await createContact(t, bot)];
		const first = await add(user, list.id, { client: one.id });
		await add(user, list.id, { client: two.id });
		const res = await user.api.call('getListItems', { schema_id: list.id, contact_id: one.id });
		expect(res.data.data).toEqual([expect.objectContaining({ id: first.id, contact_id: one.id, client: one.id })]);
		expectInvalid(await user.api.call('getListItems', { schema_id: list.id, bot_id: bot.id }), ['bot_id']);
	});

	test('§12.4 §4.2 a full or past-the-end page of a filtered walk counts the items the filters match, in either order', async () => {
		const { user, list } = await listOf(t);
		const added: string[] = [];
		for (let i = 0; i < 5; i++)
			added.push((await add(user, list.id, { title: `T${i}`, status: i % 2 === 0 ? 'new' : 'sent' })).id);
		const other = await listOf(t);
		await add(other.user, other.list.id, { title: 'another list', status: 'new' });
		const walk = (page: number, order_by?: string) =>
			user.api.call('getListItems', { schema_id: list.id, filters: { status: 'new' }, limit: 2, page, order_by });
		const full = await walk(1, 'title,desc');
		expect(ids(full)).toEqual([added[4], added[2]]);
		expect(full.data.meta).toMatchObject({ total: 3, last_page: 2, from: 1, to: 2 });
		expect((await walk(5)).data).toMatchObject({ data: [], meta: { total: 3, last_page: 2, from: null } });
	});

	test('§12.8 another user: 403; a missing or malformed list: 404 as §4.4; filtered or not', async () => {
		const { user, list } = await listOf(t);
		await add(user, list.id, { title: "not the stranger's" });
		const stranger = await createUser(t);
		expectForbidden(await stranger.api.call('getListItems', { schema_id: list.id }));
		expectForbidden(await stranger.api.call('getListItems', { schema_id: list.id, filters: { title: 'x' } }));
		expectListNotFound(await stranger.api.call('getListItems', { schema_id: '0'.repeat(24) }));
		expectListNotFound(await stranger.api.call('getListItems', { schema_id: '0'.repeat(24), order_by: 'id' }));
		expectListNotFound(await stranger.api.call('getListItems', { schema_id: 'x' }));
		expectInvalid(await stranger.api.call('getListItems', { schema_id: { $ne: null } }), ['schema_id']);
	});
});

documentsSpecParameters('getListItems', () => t, [
	['schema_id', true, 'string'],
	['filters', false, 'object'],
	['order_by', false, 'string', { maxLength: 300 }],
	['page', false, 'integer', { minimum: 1 }],
	['limit', false, 'integer', { minimum: 1, maximum: 1000 }],
	['bot_id', false, 'integer', { minimum: 1 }],
	['contact_id', false, 'integer', { minimum: 1 }],
]);

countsCommands('getListItems', {
	'last page': async (server) => {
		const { user, list } = await countedItemsList(server);
		return { user, status: 200, call: () => user.api.call('getListItems', { schema_id: list.id, limit: 10 }) };
	},
	'full page': async (server) => {
		const { user, list } = await countedItemsList(server);
		return { user, status: 200, call: () => user.api.call('getListItems', { schema_id: list.id, limit: 2 }) };
	},
	'filtered page': async (server) => {
		const { user, list } = await countedItemsList(server);
		const call = () => user.api.call('getListItems', { schema_id: list.id, filters: { title: 'counted' }, limit: 2 });
		return { user, status: 200, call };
	},
});
