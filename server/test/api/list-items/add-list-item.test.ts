/** addListItem (§12.5), with the value format of each field type on write and read (§12.2). */
import { createUser, createUserWithBot, createContact, createListForTest, type TestListField } from '../../support/factories';
import { ISO_WITH_OFFSET } from '../../support/formats';
import { expectForbidden, expectInvalid, expectListNotFound, LIST_ID, rawCall } from '../../support/lists';
import { listOf, add, countedItemsList } from './items-helpers';
import { startTestServer, type TestServer } from '../../support/test-server';
import { documentsSpecParameters } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§12.5 addListItem', () => {
	test('§12.5 §12.1 201 {data: item}: own fields, then every field by slug in list order, null when unset', async () => {
		const { user, list } = await listOf(t);
		const res = await rawCall(t, user.apiKey, 'addListItem', { schema_id: list.id, data: { title: 'Order 17', qty: 3 } });
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
		const read = await rawCall(t, user.apiKey, 'getListItems', { schema_id: list.id });
		expect(read.text).toContain(`"data":[${JSON.stringify(item)}]`);
	});

	test('§12.2 every field type: its format on write, and on read', async () => {
		const { user, project, bot } = await createUserWithBot(t);
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
		const list = await createListForTest(user, { project_uuid: project.uuid }, fields);
		const item = await add(user, list.id, {
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
		const { user, project, bot } = await createUserWithBot(t);
		const fields: TestListField[] = [
			{ name: 'N', slug: 'n', type: 'number' },
			{ name: 'B', slug: 'b', type: 'bool' },
			{ name: 'M', slug: 'm', type: 'money', currency: 'USD' },
			{ name: 'Bot', slug: 'bt', type: 'bot' },
		];
		const list = await createListForTest(user, { project_uuid: project.uuid }, fields);
		const res = await user.api.call(
			'addListItem',
			{ schema_id: list.id, data: { n: '-12.5', b: '0', m: '250', bt: String(bot.id) } },
			{ as: 'form' },
		);
		expect(res.status).toBe(201);
		expect(res.data.data).toMatchObject({ n: -12.5, b: false, m: 250, bt: bot.id });
	});

	test('§12.8 wrong types, unknown slugs and missing required fields: 422 under data.<slug>, nothing stored', async () => {
		const { user, project } = await createUserWithBot(t);
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
		const list = await createListForTest(user, { project_uuid: project.uuid }, fields);
		const res = await user.api.call('addListItem', {
			schema_id: list.id,
			data: { n: 'many', b: 'maybe', d: '2026-02-30', dt: '2026-03-24 10:00', m: 1.5, i: 'ftp://x/y.png', c: -1, nope: 1 },
		});
		expectInvalid(res, ['data.s', 'data.n', 'data.b', 'data.d', 'data.dt', 'data.m', 'data.i', 'data.c', 'data.nope']);
		expect((await user.api.call('getListItems', { schema_id: list.id })).data.meta.total).toBe(0);
	});

	test('§12.5 without data (and no top-level values): 422 on data', async () => {
		const { user, list } = await listOf(t);
		expectInvalid(await user.api.call('addListItem', { schema_id: list.id }), ['data']);
		expectInvalid(await user.api.call('addListItem', { schema_id: list.id, data: 'x' }), ['data']);
	});

	test('§12.5 values keyed by slug at the top level are read when data is absent; with data, data wins', async () => {
		const { user, list } = await listOf(t);
		const top = await user.api.call('addListItem', { schema_id: list.id, title: 'Top', qty: 2 });
		expect(top.status).toBe(201);
		expect(top.data.data).toMatchObject({ title: 'Top', qty: 2 });
		const both = await user.api.call('addListItem', { schema_id: list.id, title: 'Ignored', data: { title: 'Data' } });
		expect(both.data.data).toMatchObject({ title: 'Data', qty: null });
		expectInvalid(await user.api.call('addListItem', { schema_id: list.id, qty: 1 }), ['data.title']);
	});

	test("§12.5 a contact or bot value that is not the caller's own: 422 on data.<slug>", async () => {
		const fields: TestListField[] = [
			{ name: 'C', slug: 'c', type: 'contact', is_required: false },
			{ name: 'Bot', slug: 'bt', type: 'bot', is_required: false },
		];
		const { user, list } = await listOf(t, fields);
		const other = await createUserWithBot(t);
		const foreignContact = await createContact(t, other.bot);
		const res = await user.api.call('addListItem', { schema_id: list.id, data: { c: foreignContact.id, bt: other.bot.id } });
		expectInvalid(res, ['data.c', 'data.bt']);
		expectInvalid(await user.api.call('addListItem', { schema_id: list.id, data: { c: 999_999_999 } }), ['data.c']);
		expect((await user.api.call('getListItems', { schema_id: list.id })).data.data).toEqual([]);
	});

	test('§12.8 missing, malformed or foreign list: 404 as §4.4, or 403', async () => {
		const { user, list } = await listOf(t);
		expectListNotFound(await user.api.call('addListItem', { schema_id: 'ffffffffffffffffffffffff', data: { title: 'x' } }));
		expectListNotFound(await user.api.call('addListItem', { schema_id: 'nope', data: { title: 'x' } }));
		const stranger = await createUser(t);
		expectForbidden(await stranger.api.call('addListItem', { schema_id: list.id, data: { title: 'x' } }));
		expect((await user.api.call('getListItems', { schema_id: list.id })).data.data).toEqual([]);
	});
});

test('§4.1 §12.5 addListItem adds the same item by GET with a query string and by form POST', async () => {
	const { user, list } = await listOf(t);
	const data = { title: 'A', qty: '2', paid: '1' };
	const byQuery = await user.api.call('addListItem', { schema_id: list.id, data }, { verb: 'GET' });
	const byForm = await user.api.call('addListItem', { schema_id: list.id, data }, { as: 'form' });
	expect(byQuery).toMatchObject({ status: 201, data: { data: { title: 'A', qty: 2, paid: true, status: null } } });
	expect(byForm).toMatchObject({
		status: 201,
		data: {
			data: { ...byQuery.data.data, id: expect.any(String), created_at: expect.any(String), updated_at: expect.any(String) },
		},
	});
	expect(byForm.data.data.id).not.toBe(byQuery.data.data.id);
});

documentsSpecParameters('addListItem', () => t, [
	['schema_id', true, 'string'],
	['data', false, 'object'],
]);

countsCommands('addListItem', {
	'plain values': async (server) => {
		const { user, list } = await countedItemsList(server);
		return { user, status: 201, call: () => user.api.call('addListItem', { schema_id: list.id, data: { title: 'new' } }) };
	},
	'a contact value': async (server) => {
		const { user, bot, list } = await countedItemsList(server);
		const contact = await createContact(server, bot);
		const params = { schema_id: list.id, data: { title: 'Ann', client: contact.id } };
		return { user, status: 201, call: () => user.api.call('addListItem', params) };
	},
});
