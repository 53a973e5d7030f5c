/**
 * List Item Add and Update through n8n's resource mapper (spec §12.5, §12.6): the fields the editor loads from the
 * chosen list, Add with values set below or mapped automatically from the input, Update merging only the fields
 * given, and each of the ten field types (§12.2) arriving in the API's write format.
 */
import type { IDataObject, INodeParameters, ResourceMapperField, ResourceMapperValue } from 'n8n-workflow';
import {
	createContact,
	createListForTest,
	createUser,
	createUserWithBot,
	type TestListField,
	type TestUser,
} from '../../server/test/support/factories';
import { resourceMapping, runNode } from './support/n8n-harness';
import { useNodeTestEnv } from './support/setup';

const env = useNodeTestEnv();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** One field of each type of §12.2; Title required. */
const ALL_TYPES: TestListField[] = [
	{ name: 'Title', slug: 'title', type: 'string', is_required: true },
	{ name: 'Qty', slug: 'qty', type: 'number', is_required: false },
	{ name: 'Paid', slug: 'paid', type: 'bool', is_required: false },
	{ name: 'Due', slug: 'due', type: 'date', is_required: false },
	{ name: 'Shipped At', slug: 'shipped_at', type: 'datetime', is_required: false },
	{ name: 'Total', slug: 'total', type: 'money', currency: 'EUR', is_required: false },
	{ name: 'Invoice', slug: 'invoice', type: 'file', is_required: false },
	{ name: 'Photo', slug: 'photo', type: 'image', is_required: false },
	{ name: 'Client', slug: 'client', type: 'contact', is_required: false },
	{ name: 'Bot', slug: 'source_bot', type: 'bot', is_required: false },
];

async function ownerWithList(fields = ALL_TYPES) {
	const { user, project, bot } = await createUserWithBot(env.t);
	const list = await createListForTest(user, { project_uuid: project.uuid }, fields);
	return { owner: user, project, bot, list };
}

/** The fields the editor loads for the node's mapper, as n8n's server calls the method. */
async function fieldsFor(owner: TestUser, operation: 'add' | 'update', listId: string) {
	return await resourceMapping(
		env.credentials(owner),
		'getListItemFields',
		{ resource: 'listItem', operation, fieldsInput: 'mapper', list: byId(listId) },
		'fieldValues',
		3.1,
	);
}

/** The mapper's saved value, as the editor stores it: every field of the schema, blank ones null. */
function mapperValue(
	schema: ResourceMapperField[],
	values: ResourceMapperValue['value'],
	mappingMode = 'defineBelow',
): ResourceMapperValue {
	return {
		mappingMode,
		value: values && { ...Object.fromEntries(schema.map((field) => [field.id, null])), ...values },
		matchingColumns: [],
		schema,
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	};
}

async function runMapper(owner: TestUser, parameters: INodeParameters, items?: IDataObject[]) {
	return await runNode({
		credentials: env.credentials(owner),
		parameters: { resource: 'listItem', fieldsInput: 'mapper', ...parameters },
		typeVersion: 3.1,
		items,
	});
}

describe('the fields the editor loads (methods.resourceMapping.getListItemFields)', () => {
	test('one per field of the list, in its order: slug, name with the unit or format, n8n type, required on Add only', async () => {
		const { owner, list } = await ownerWithList();
		const { fields } = await fieldsFor(owner, 'add', list.id);
		expect(fields.map((f) => [f.id, f.displayName, f.type, f.required])).toEqual([
			['title', 'Title', 'string', true],
			['qty', 'Qty', 'number', false],
			['paid', 'Paid', 'boolean', false],
			['due', 'Due (YYYY-MM-DD)', 'string', false],
			['shipped_at', 'Shipped At', 'dateTime', false],
			['total', 'Total (EUR minor units)', 'number', false],
			['invoice', 'Invoice (URL)', 'url', false],
			['photo', 'Photo (URL)', 'url', false],
			['client', 'Client (contact ID)', 'number', false],
			['source_bot', 'Bot (bot ID)', 'number', false],
		]);
		for (const field of fields) expect(field).toMatchObject({ display: true, defaultMatch: false, canBeUsedToMatch: false });
		const forUpdate = await fieldsFor(owner, 'update', list.id);
		expect(forUpdate.fields.map((f) => f.id)).toEqual(fields.map((f) => f.id));
		expect(forUpdate.fields.filter((f) => f.required)).toEqual([]);
		expect(env.proxy.calls('getListSchema').map((r) => r.body.schema_id)).toEqual([list.id, list.id]);
	});

	test('no list chosen yet: no fields and a notice, and no request; a list whose fields were all deleted says so', async () => {
		const { owner, list } = await ownerWithList([{ name: 'Title', slug: 'title', type: 'string' }]);
		expect(await fieldsFor(owner, 'add', '')).toEqual({ fields: [], emptyFieldsNotice: 'Choose a list to map its fields' });
		expect(env.proxy.calls('getListSchema')).toHaveLength(0);
		expect((await owner.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'title' })).status).toBe(204);
		expect(await fieldsFor(owner, 'add', list.id)).toEqual({ fields: [], emptyFieldsNotice: 'This list has no fields yet' });
	});

	test('a deleted list and another user’s list are clear errors, not a crash', async () => {
		const { owner, list } = await ownerWithList();
		const stranger = await createUser(env.t);
		await expect(fieldsFor(stranger, 'add', list.id)).rejects.toMatchObject({ message: expect.stringMatching(/^Access denied/) });
		expect((await owner.api.call('deleteListSchema', { schema_id: list.id })).status).toBe(204);
		await expect(fieldsFor(owner, 'add', list.id)).rejects.toMatchObject({
			message: 'List not found: check the List ID',
			httpCode: '404',
		});
	});
});

describe('Add', () => {
	test('values set below, one of each type, arrive in the write format of §12.2 and come back as read', async () => {
		const { owner, bot, list } = await ownerWithList();
		const contact = await createContact(env.t, bot);
		const { fields: schema } = await fieldsFor(owner, 'add', list.id);
		// As the editor stores them: numbers typed as numbers or mapped as text, the toggle a boolean, the rest text.
		const result = await runMapper(owner, {
			operation: 'add',
			list: byId(list.id),
			fieldValues: mapperValue(schema, {
				title: 'Order 17',
				qty: '12.5',
				paid: true,
				due: '2026-03-24',
				shipped_at: '2026-03-24T12:44+02:00',
				total: 1500,
				invoice: 'https://files.example/orders/17.pdf',
				photo: 'files.example/orders/17.jpg',
				client: `=${contact.id}`,
				source_bot: bot.id,
			}),
		});
		expect(result.error).toBeUndefined();
		expect(env.proxy.calls('addListItem')[0].body).toEqual({
			schema_id: list.id,
			data: {
				title: 'Order 17',
				qty: 12.5,
				paid: true,
				due: '2026-03-24',
				shipped_at: '2026-03-24T12:44:00+02:00',
				total: 1500,
				invoice: 'https://files.example/orders/17.pdf',
				photo: 'https://files.example/orders/17.jpg',
				client: contact.id,
				source_bot: bot.id,
			},
		});
		expect(result.json).toEqual([
			expect.objectContaining({
				title: 'Order 17',
				qty: 12.5,
				paid: true,
				due: '2026-03-24',
				shipped_at: '2026-03-24T10:44:00+00:00',
				total: 1500,
				invoice: expect.objectContaining({ type: 'file', url: 'https://files.example/orders/17.pdf', name: '17.pdf' }),
				photo: expect.objectContaining({ type: 'image', url: 'https://files.example/orders/17.jpg' }),
				client: contact.id,
				contact_id: contact.id,
				source_bot: bot.id,
			}),
		]);
	});

	test('blank fields are not sent; a value n8n cannot read as its type stops the item before any request', async () => {
		const { owner, list } = await ownerWithList();
		const { fields: schema } = await fieldsFor(owner, 'add', list.id);
		const blank = await runMapper(owner, {
			operation: 'add',
			list: byId(list.id),
			fieldValues: mapperValue(schema, { title: 'Only a title', qty: '={{ "" }}' }),
		});
		expect(blank.error).toBeUndefined();
		expect(env.proxy.calls('addListItem')[0].body.data).toEqual({ title: 'Only a title' });
		expect(blank.json[0]).toMatchObject({ title: 'Only a title', qty: null, paid: null });

		env.proxy.clear();
		const wrong = await runMapper(owner, {
			operation: 'add',
			list: byId(list.id),
			// An expression: a fixed value of the wrong type is already one of the node's issues in the editor.
			fieldValues: mapperValue(schema, { title: 'T', qty: '={{ "twelve" }}' }),
		});
		expect(wrong.error).toMatchObject({ message: 'Invalid value for the field "qty"' });
		expect(wrong.error?.description).toMatch(/'qty' expects a number/);
		expect(env.proxy.calls('addListItem')).toHaveLength(0);
	});

	test('Map Automatically: each input item’s keys that are fields of the list, the others ignored', async () => {
		const { owner, list } = await ownerWithList();
		const { fields: schema } = await fieldsFor(owner, 'add', list.id);
		const result = await runMapper(
			owner,
			{ operation: 'add', list: byId(list.id), fieldValues: mapperValue(schema, null, 'autoMapInputData') },
			[
				{ title: 'A', qty: 1, customer_email: 'a@example.com', id: 'not-a-field' },
				{ title: 'B', paid: 'false', due: '', note: 'ignored' },
			],
		);
		expect(result.error).toBeUndefined();
		expect(env.proxy.calls('addListItem').map((r) => r.body.data)).toEqual([
			{ title: 'A', qty: 1 },
			{ title: 'B', paid: false },
		]);
		expect(result.json.map((item) => [item.title, item.qty, item.paid])).toEqual([
			['A', 1, null],
			['B', null, false],
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('Map Automatically, saved without the fields (the list is made earlier in the workflow): read from the list', async () => {
		const { owner, list } = await ownerWithList();
		const result = await runMapper(
			owner,
			{ operation: 'add', list: byId(list.id), fieldValues: mapperValue([], null, 'autoMapInputData') },
			[{ title: 'A', extra: 1 }],
		);
		expect(result.error).toBeUndefined();
		expect(env.proxy.calls('addListItem').map((r) => r.body.data)).toEqual([{ title: 'A' }]);
	});

	test('a required field without a value: the API’s 422 on data.<slug>, shown in the node’s error', async () => {
		const { owner, list } = await ownerWithList();
		const { fields: schema } = await fieldsFor(owner, 'add', list.id);
		const result = await runMapper(
			owner,
			{ operation: 'add', list: byId(list.id), fieldValues: mapperValue(schema, null, 'autoMapInputData') },
			[{ qty: 3 }],
		);
		expect(result.error?.httpCode).toBe('422');
		expect(result.error?.description).toMatch(/^data\.title: .+/m);
		const below = await runMapper(owner, {
			operation: 'add',
			list: byId(list.id),
			fieldValues: mapperValue(schema, { qty: 3 }),
		});
		expect(below.error?.httpCode).toBe('422');
		expect(below.error?.description).toMatch(/^data\.title: .+/m);
	});
});

describe('Update', () => {
	test('only the fields given change; blank ones keep their values; the item must be of the chosen list', async () => {
		const { owner, project, list } = await ownerWithList();
		const created = await owner.api.call('addListItem', {
			schema_id: list.id,
			data: { title: 'Order 17', qty: 2, due: '2026-03-24' },
		});
		const itemId = created.data.data.id as string;
		const { fields: schema } = await fieldsFor(owner, 'update', list.id);
		const result = await runMapper(owner, {
			operation: 'update',
			list: byId(list.id),
			itemId,
			fieldValues: mapperValue(schema, { paid: true, qty: '3' }),
		});
		expect(result.error).toBeUndefined();
		expect(env.proxy.calls('updateListItem')[0].body).toEqual({
			item_id: itemId,
			schema_id: list.id,
			data: { paid: true, qty: 3 },
		});
		expect(result.json).toEqual([
			expect.objectContaining({ id: itemId, title: 'Order 17', qty: 3, paid: true, due: '2026-03-24' }),
		]);

		// An item of another list of the same user, under this list's fields: 404 on the item (§12.6 `schema_id`).
		const otherList = await createListForTest(owner, { project_uuid: project.uuid }, ALL_TYPES);
		const stray = await owner.api.call('addListItem', { schema_id: otherList.id, data: { title: 'Elsewhere' } });
		const refused = await runMapper(owner, {
			operation: 'update',
			list: byId(list.id),
			itemId: stray.data.data.id as string,
			fieldValues: mapperValue(schema, { qty: 1 }),
		});
		expect(refused.error).toMatchObject({ message: 'List item not found: check the Item ID', httpCode: '404' });
	});

	test('Map Automatically from an item as Get Many returns it: its own keys (id, times) ignored, files by URL', async () => {
		const { owner, list } = await ownerWithList();
		const created = await owner.api.call('addListItem', {
			schema_id: list.id,
			data: { title: 'Old', photo: 'https://files.example/a.png' },
		});
		const item = created.data.data as IDataObject;
		const { fields: schema } = await fieldsFor(owner, 'update', list.id);
		const result = await runMapper(
			owner,
			{
				operation: 'update',
				list: byId(list.id),
				itemId: '={{ $json.id }}',
				fieldValues: mapperValue(schema, null, 'autoMapInputData'),
			},
			[{ ...item, title: 'New' }],
		);
		expect(result.error).toBeUndefined();
		expect(env.proxy.calls('updateListItem')[0].body.data).toEqual({ title: 'New', photo: 'https://files.example/a.png' });
		expect(result.json[0]).toMatchObject({ id: item.id, title: 'New', photo: { url: 'https://files.example/a.png' } });
	});
});

describe('Map Automatically, saved without the fields: each list’s fields read once per run', () => {
	/** Two lists of one owner whose `code` field has different types, so each item shows whose fields it was given. */
	async function ownerWithTwoLists() {
		const { user: owner, project } = await createUserWithBot(env.t);
		const orders = await createListForTest(owner, { project_uuid: project.uuid }, [
			{ name: 'Title', slug: 'title', type: 'string', is_required: true },
			{ name: 'Code', slug: 'code', type: 'number', is_required: false },
		]);
		const notes = await createListForTest(owner, { project_uuid: project.uuid }, [
			{ name: 'Code', slug: 'code', type: 'string', is_required: false },
			{ name: 'Paid', slug: 'paid', type: 'bool', is_required: false },
		]);
		return { owner, orders, notes };
	}

	const autoMapInto = (list: ReturnType<typeof byId>) => ({ list, fieldValues: mapperValue([], null, 'autoMapInputData') });

	test('Add, 5 items into one list: 1 getListSchema, and every item typed by the list’s fields', async () => {
		const { owner, orders } = await ownerWithTwoLists();
		const items = [1, 2, 3, 4, 5].map((n) => ({ title: `Order ${n}`, code: String(n), paid: 'true' }));
		const result = await runMapper(owner, { operation: 'add', ...autoMapInto(byId(orders.id)) }, items);
		expect(result.error).toBeUndefined();
		expect(env.proxy.calls('getListSchema').map((r) => r.body.schema_id)).toEqual([orders.id]);
		expect(env.proxy.calls('addListItem').map((r) => r.body.data)).toEqual(
			[1, 2, 3, 4, 5].map((n) => ({ title: `Order ${n}`, code: n })),
		);
		expect(result.json.map((item) => item.code)).toEqual([1, 2, 3, 4, 5]);
	});

	test('Add, two lists interleaved in one run: 2 getListSchema, each item written with its own list’s fields', async () => {
		const { owner, orders, notes } = await ownerWithTwoLists();
		const items = [orders, notes, orders, notes, orders].map((list, n) => ({
			list: list.id,
			title: `T${n}`,
			code: '7',
			paid: 'true',
		}));
		const result = await runMapper(owner, { operation: 'add', ...autoMapInto(byId('={{ $json.list }}')) }, items);
		expect(result.error).toBeUndefined();
		expect(env.proxy.calls('getListSchema').map((r) => r.body.schema_id)).toEqual([orders.id, notes.id]);
		expect(env.proxy.calls('addListItem').map((r) => [r.body.schema_id, r.body.data])).toEqual([
			[orders.id, { title: 'T0', code: 7 }],
			[notes.id, { code: '7', paid: true }],
			[orders.id, { title: 'T2', code: 7 }],
			[notes.id, { code: '7', paid: true }],
			[orders.id, { title: 'T4', code: 7 }],
		]);
	});

	test('Update, 5 items of one list: 1 getListSchema; two lists interleaved: 2', async () => {
		const { owner, orders, notes } = await ownerWithTwoLists();
		const add = async (list: { id: string }, data: IDataObject) =>
			(await owner.api.call('addListItem', { schema_id: list.id, data })).data.data as IDataObject;
		const ofOrders = await Promise.all([1, 2, 3, 4, 5].map((n) => add(orders, { title: `Order ${n}` })));
		const one = await runMapper(
			owner,
			{ operation: 'update', itemId: '={{ $json.id }}', ...autoMapInto(byId(orders.id)) },
			ofOrders.map((item, n) => ({ id: item.id, code: `${n}`, note: 'ignored' })),
		);
		expect(one.error).toBeUndefined();
		expect(env.proxy.calls('getListSchema')).toHaveLength(1);
		expect(env.proxy.calls('updateListItem').map((r) => r.body.data)).toEqual([0, 1, 2, 3, 4].map((n) => ({ code: n })));

		env.proxy.clear();
		const ofNotes = await add(notes, { code: 'a' });
		const mixed = [ofOrders[0], ofNotes, ofOrders[1], ofNotes].map((item) => ({ ...item, code: '9', paid: 'false' }));
		const two = await runMapper(
			owner,
			{ operation: 'update', itemId: '={{ $json.id }}', ...autoMapInto(byId('={{ $json.schema_id }}')) },
			mixed.map((item, n) => ({ ...item, schema_id: n % 2 === 0 ? orders.id : notes.id })),
		);
		expect(two.error).toBeUndefined();
		expect(env.proxy.calls('getListSchema').map((r) => r.body.schema_id)).toEqual([orders.id, notes.id]);
		expect(env.proxy.calls('updateListItem').map((r) => r.body.data)).toEqual([
			{ title: 'Order 1', code: 9 },
			{ code: '9', paid: false },
			{ title: 'Order 2', code: 9 },
			{ code: '9', paid: false },
		]);
	});

	test('the next run reads the list again, so a field added between runs is written', async () => {
		const { owner, orders } = await ownerWithTwoLists();
		const items = [{ title: 'A', due: '2026-03-24' }, { title: 'B' }];
		const parameters = { operation: 'add', ...autoMapInto(byId(orders.id)) };
		expect((await runMapper(owner, parameters, items)).error).toBeUndefined();
		const field = { name: 'Due', slug: 'due', type: 'date', is_required: false };
		expect((await owner.api.call('addListSchemaField', { schema_id: orders.id, field })).status).toBe(204);
		expect((await runMapper(owner, parameters, items)).error).toBeUndefined();
		expect(env.proxy.calls('getListSchema')).toHaveLength(2);
		expect(env.proxy.calls('addListItem').map((r) => r.body.data)).toEqual([
			{ title: 'A' },
			{ title: 'B' },
			{ title: 'A', due: '2026-03-24' },
			{ title: 'B' },
		]);
	});

	test('Continue on fail: each item fails on its own, a list that cannot be read is tried again for the next item', async () => {
		const { owner, orders } = await ownerWithTwoLists();
		const missing = '66a1f0c2e4b0a1b2c3d4e5f6';
		const result = await runNode({
			credentials: env.credentials(owner),
			parameters: { resource: 'listItem', fieldsInput: 'mapper', operation: 'add', ...autoMapInto(byId('={{ $json.list }}')) },
			typeVersion: 3.1,
			continueOnFail: true,
			items: [
				{ list: missing, title: 'Lost' },
				{ list: orders.id, title: 'A', code: '1' },
				{ list: orders.id, title: 'B', code: 'one' },
				{ list: missing, title: 'Lost again' },
				{ list: orders.id, title: 'C' },
			],
		});
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([
			expect.objectContaining({ error: 'List not found: check the List ID', status: 404 }),
			expect.objectContaining({ title: 'A', code: 1 }),
			expect.objectContaining({ error: 'Invalid value for the field "code"' }),
			expect.objectContaining({ error: 'List not found: check the List ID', status: 404 }),
			expect.objectContaining({ title: 'C', code: null }),
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3, 4].map((item) => ({ item })));
		expect(env.proxy.calls('getListSchema').map((r) => r.body.schema_id)).toEqual([missing, orders.id, missing]);
		expect(env.proxy.calls('addListItem').map((r) => r.body.data)).toEqual([{ title: 'A', code: 1 }, { title: 'C' }]);
	});
});
