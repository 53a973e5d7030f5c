/**
 * List operations through n8n: Get Many across pages of 50, Get, Create, Delete, Add Field, Delete Field,
 * the List resource locator's search and the field dropdown, and the list errors of spec §7.2.
 */
import { createUserWithBot, createListForTest, type TestUser } from '../../server/test/support/factories';
import { loadOptions, runNode, searchList } from './support/n8n-harness';
import { useNodeTestEnv } from './support/setup';

const env = useNodeTestEnv();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const fromList = (value: string) => ({ __rl: true, mode: 'list', value, cachedResultName: 'whatever' });

describe('Get Many and the list search, over 120 lists (3 pages of 50)', () => {
	let owner: TestUser;
	const ids: string[] = [];

	beforeAll(async () => {
		const { user, project } = await createUserWithBot(env.t);
		owner = user;
		for (let i = 0; i < 120; i += 10) {
			const batch = await Promise.all(
				Array.from({ length: 10 }, (_, j) =>
					createListForTest(
						owner,
						{ project_uuid: project.uuid },
						undefined,
						i + j === 111 ? `Needle orders ${i + j}` : `List ${String(i + j).padStart(3, '0')}`,
					),
				),
			);
			ids.push(...batch.map((list) => list.id));
		}
	}, 60_000);

	test('Return All follows the pages to the end: 3 requests', async () => {
		const result = await runNode({
			credentials: env.credentials(owner),
			parameters: { resource: 'list', operation: 'getAll', returnAll: true },
		});
		expect(result.error).toBeUndefined();
		expect(result.json.map((list) => list.id).sort()).toEqual([...ids].sort());
		expect(env.proxy.calls('getListSchemas').map((r) => r.body.page)).toEqual([1, 2, 3]);
	});

	test.each([
		[30, [1]],
		[50, [1]],
		[60, [1, 2]],
	])('a Limit of %d reads only the pages it needs: %j', async (limit, pages) => {
		const result = await runNode({
			credentials: env.credentials(owner),
			parameters: { resource: 'list', operation: 'getAll', returnAll: false, limit },
		});
		expect(result.json).toHaveLength(limit);
		expect(env.proxy.calls('getListSchemas').map((r) => r.body.page)).toEqual(pages);
	});

	test('the search without a filter shows one page and a token for the next', async () => {
		const first = await searchList(env.credentials(owner), 'searchLists', { resource: 'list', operation: 'get' });
		expect(first.results).toHaveLength(50);
		expect(first.paginationToken).toBe('2');
		const last = await searchList(env.credentials(owner), 'searchLists', { resource: 'list', operation: 'get' }, undefined, '3');
		expect(last.results).toHaveLength(20);
		expect(last.paginationToken).toBeUndefined();
		expect(last.results[0]).toEqual({ name: expect.any(String), value: expect.any(String) });
	});

	test('the search with a filter reads on until it finds matches, case-insensitively', async () => {
		const found = await searchList(env.credentials(owner), 'searchLists', { resource: 'list', operation: 'get' }, 'needle');
		expect(found.results).toEqual([{ name: 'Needle orders 111', value: ids[111] }]);
		expect(found.paginationToken).toBeUndefined();
		expect(env.proxy.calls('getListSchemas').map((r) => r.body.page)).toEqual([1, 2, 3]);
	});
});

describe('one list', () => {
	test('Create in a bot: fields keep their order, money has its currency, flags pass through', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const result = await runNode({
			credentials: env.credentials(user),
			parameters: {
				resource: 'list',
				operation: 'create',
				name: 'Orders',
				createIn: 'bot',
				botId: bot.id,
				fields: {
					field: [
						{ name: 'Title', slug: 'title', type: 'string', is_required: true, is_hidden: false, is_encryptable: false },
						{
							name: 'Price',
							slug: 'price',
							type: 'money',
							currency: 'eur',
							is_required: false,
							is_hidden: false,
							is_encryptable: false,
						},
						{
							name: 'Secret',
							slug: 'secret',
							type: 'string',
							currency: 'USD',
							is_required: false,
							is_hidden: true,
							is_encryptable: true,
						},
					],
				},
				additionalFields: { is_menu: true },
			},
		});
		expect(result.error).toBeUndefined();
		const list = result.json[0];
		expect(list).toMatchObject({ name: 'Orders', bot_id: bot.id, project: bot.project_uuid });
		expect(Object.keys(list.fields as object)).toEqual(['title', 'price', 'secret']);
		expect(list.fields).toMatchObject({
			price: { name: 'Price', type: 'money', currency: 'EUR', is_required: false },
			secret: { is_hidden: true, is_encryptable: true },
		});
		expect(env.proxy.calls('createListSchema')[0].body).toEqual({
			name: 'Orders',
			bot_id: bot.id,
			is_menu: true,
			fields: [
				{ name: 'Title', slug: 'title', type: 'string', is_required: true, is_hidden: false, is_encryptable: false },
				{
					name: 'Price',
					slug: 'price',
					type: 'money',
					currency: 'EUR',
					is_required: false,
					is_hidden: false,
					is_encryptable: false,
				},
				{ name: 'Secret', slug: 'secret', type: 'string', is_required: false, is_hidden: true, is_encryptable: true },
			],
		});
	});

	test('Create in a project; a repeated slug is a 422 naming fields.1.slug', async () => {
		const { user, project } = await createUserWithBot(env.t);
		const ok = await runNode({
			credentials: env.credentials(user),
			parameters: {
				resource: 'list',
				operation: 'create',
				name: 'Plain',
				createIn: 'project',
				projectUuid: project.uuid,
				fields: { field: [{ name: 'A', slug: 'a', type: 'number' }] },
			},
		});
		expect(ok.json[0]).toMatchObject({ name: 'Plain', bot_id: null, project: project.uuid });

		const duplicate = await runNode({
			credentials: env.credentials(user),
			parameters: {
				resource: 'list',
				operation: 'create',
				name: 'Broken',
				createIn: 'project',
				projectUuid: project.uuid,
				fields: {
					field: [
						{ name: 'A', slug: 'a', type: 'string' },
						{ name: 'B', slug: 'a', type: 'string' },
					],
				},
			},
		});
		expect(duplicate.error?.httpCode).toBe('422');
		expect(duplicate.error?.description).toMatch(/^fields\.1\.slug: .+/m);
	});

	test('Create without fields is refused before sending', async () => {
		const { user, project } = await createUserWithBot(env.t);
		const result = await runNode({
			credentials: env.credentials(user),
			parameters: { resource: 'list', operation: 'create', name: 'Empty', createIn: 'project', projectUuid: project.uuid },
		});
		expect(result.error?.message).toBe('Add at least one field to the list');
		expect(env.proxy.calls('createListSchema')).toHaveLength(0);
	});

	test('Get by ID or from the list; Delete; then the list is not found', async () => {
		const { user, project } = await createUserWithBot(env.t);
		const list = await createListForTest(user, { project_uuid: project.uuid });
		for (const locator of [byId(list.id), fromList(list.id)]) {
			const got = await runNode({
				credentials: env.credentials(user),
				parameters: { resource: 'list', operation: 'get', list: locator },
			});
			expect(got.json).toEqual([expect.objectContaining({ id: list.id, name: list.name, fields: list.fields })]);
		}
		expect(env.proxy.calls('getListSchema').map((r) => r.body)).toEqual([{ schema_id: list.id }, { schema_id: list.id }]);

		const deleted = await runNode({
			credentials: env.credentials(user),
			parameters: { resource: 'list', operation: 'delete', list: byId(list.id) },
		});
		expect(deleted.json).toEqual([{ success: true, schema_id: list.id }]);

		const gone = await runNode({
			credentials: env.credentials(user),
			parameters: { resource: 'list', operation: 'get', list: byId(list.id) },
		});
		expect(gone.error).toMatchObject({ message: 'List not found: check the List ID', httpCode: '404' });
		expect(gone.error?.description).toBe('schema_id: List not found.\nThe list does not exist or was deleted.');
	});

	test('another user’s list is a 403', async () => {
		const { user, project } = await createUserWithBot(env.t);
		const list = await createListForTest(user, { project_uuid: project.uuid });
		const { user: stranger } = await createUserWithBot(env.t);
		const result = await runNode({
			credentials: env.credentials(stranger),
			parameters: { resource: 'list', operation: 'get', list: byId(list.id) },
		});
		expect(result.error).toMatchObject({ message: 'Access denied: This action is unauthorized.', httpCode: '403' });
	});

	test('Add Field appends a money field; the field dropdown lists the fields in order; Delete Field removes one', async () => {
		const { user, project } = await createUserWithBot(env.t);
		const list = await createListForTest(user, { project_uuid: project.uuid }, [
			{ name: 'Title', slug: 'title', type: 'string' },
			{ name: 'Notes', slug: 'notes', type: 'string', is_required: false },
		]);
		const added = await runNode({
			credentials: env.credentials(user),
			parameters: {
				resource: 'list',
				operation: 'addField',
				list: fromList(list.id),
				fieldName: 'Price',
				fieldSlug: 'price',
				fieldType: 'money',
				fieldCurrency: 'gbp',
				additionalFields: { is_required: false, is_hidden: true },
			},
		});
		expect(added.error).toBeUndefined();
		expect(added.json).toEqual([
			{
				success: true,
				schema_id: list.id,
				field: { name: 'Price', slug: 'price', type: 'money', currency: 'GBP', is_required: false, is_hidden: true },
			},
		]);

		const options = await loadOptions(
			env.credentials(user),
			'getListFields',
			{ resource: 'list', operation: 'deleteField', list: fromList(list.id) },
			'fieldSlug',
		);
		expect(options).toEqual([
			{ name: 'Title (title)', value: 'title', description: 'Type: string' },
			{ name: 'Notes (notes)', value: 'notes', description: 'Type: string' },
			{ name: 'Price (price)', value: 'price', description: 'Type: money' },
		]);

		const removed = await runNode({
			credentials: env.credentials(user),
			parameters: { resource: 'list', operation: 'deleteField', list: byId(list.id), fieldSlug: 'notes' },
		});
		expect(removed.json).toEqual([{ success: true, schema_id: list.id, slug: 'notes' }]);
		const after = await runNode({
			credentials: env.credentials(user),
			parameters: { resource: 'list', operation: 'get', list: byId(list.id) },
		});
		expect(Object.keys(after.json[0].fields as object)).toEqual(['title', 'price']);
	});

	test('field errors: a taken slug on Add Field, an unknown slug on Delete Field', async () => {
		const { user, project } = await createUserWithBot(env.t);
		const list = await createListForTest(user, { project_uuid: project.uuid });
		const taken = await runNode({
			credentials: env.credentials(user),
			parameters: {
				resource: 'list',
				operation: 'addField',
				list: byId(list.id),
				fieldName: 'T',
				fieldSlug: 'title',
				fieldType: 'string',
			},
		});
		expect(taken.error?.httpCode).toBe('422');
		expect(taken.error?.description).toMatch(/^field\.slug: .+/m);
		const unknown = await runNode({
			credentials: env.credentials(user),
			parameters: { resource: 'list', operation: 'deleteField', list: byId(list.id), fieldSlug: 'nope' },
		});
		expect(unknown.error?.httpCode).toBe('422');
		expect(unknown.error?.description).toMatch(/^slug: .+/m);
	});

	test('an empty List ID from an expression is an item error before any request; n8n itself refuses a typed ID with spaces', async () => {
		const { user } = await createUserWithBot(env.t);
		const result = await runNode({
			credentials: env.credentials(user),
			items: [{ listId: '' }],
			parameters: { resource: 'list', operation: 'get', list: byId('={{ $json.listId }}') },
		});
		expect(result.error?.message).toBe('No list chosen: pick a list or enter its ID');
		await expect(
			runNode({ credentials: env.credentials(user), parameters: { resource: 'list', operation: 'get', list: byId('a b') } }),
		).rejects.toThrow(/The List ID has no spaces/);
		expect(env.proxy.requests).toHaveLength(0);
	});
});

describe('version 2: camelCase flags, ISO currencies, and the list after a field change', () => {
	test('Create sends the flags under the API’s names and no outdated menu flag', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const result = await runNode({
			credentials: env.credentials(user),
			typeVersion: 2,
			parameters: {
				resource: 'list',
				operation: 'create',
				name: 'Orders',
				botId: String(bot.id),
				fields: {
					field: [
						{ name: 'Title', slug: 'title', type: 'string', isRequired: true, isHidden: false, isEncryptable: false },
						{ name: 'Price', slug: 'price', type: 'money', currency: 'HUF', isRequired: false },
					],
				},
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.json[0].fields).toMatchObject({ price: { type: 'money', currency: 'HUF', is_required: false } });
		expect(env.proxy.calls('createListSchema')[0].body).toEqual({
			name: 'Orders',
			bot_id: bot.id,
			fields: [
				{ name: 'Title', slug: 'title', type: 'string', is_required: true, is_hidden: false, is_encryptable: false },
				// n8n fills in the flags' defaults for what the field did not set.
				{
					name: 'Price',
					slug: 'price',
					type: 'money',
					currency: 'HUF',
					is_required: false,
					is_hidden: false,
					is_encryptable: false,
				},
			],
		});
	});

	test('Add Field and Delete Field return the list as it is afterwards (one more read each)', async () => {
		const { user, project } = await createUserWithBot(env.t);
		const list = await createListForTest(user, { project_uuid: project.uuid });
		const added = await runNode({
			credentials: env.credentials(user),
			typeVersion: 2,
			parameters: {
				resource: 'list',
				operation: 'addField',
				list: byId(list.id),
				fieldName: 'Price',
				fieldSlug: 'price',
				fieldType: 'money',
				fieldCurrency: 'EUR',
				additionalFields: { isRequired: false, isHidden: true },
			},
		});
		expect(added.error).toBeUndefined();
		expect(added.json).toEqual([expect.objectContaining({ id: list.id, name: list.name })]);
		expect(Object.keys(added.json[0].fields as object)).toEqual(['title', 'price']);
		expect(added.json[0].fields).toMatchObject({ price: { currency: 'EUR', is_required: false, is_hidden: true } });
		expect(env.proxy.requests.map((r) => r.method)).toEqual(['addListSchemaField', 'getListSchema']);

		const removed = await runNode({
			credentials: env.credentials(user),
			typeVersion: 2,
			parameters: { resource: 'list', operation: 'deleteField', list: byId(list.id), fieldSlug: 'title' },
		});
		expect(removed.json).toEqual([expect.objectContaining({ id: list.id })]);
		expect(Object.keys(removed.json[0].fields as object)).toEqual(['price']);
	});

	test('when reading the list afterwards fails, the error says the field change itself was made', async () => {
		const { user, project } = await createUserWithBot(env.t);
		const list = await createListForTest(user, { project_uuid: project.uuid });
		// As if the list was deleted between the two calls.
		env.proxy.inject('getListSchema', { kind: 'respond', status: 404, body: { message: 'List not found.' } });
		const result = await runNode({
			credentials: env.credentials(user),
			typeVersion: 2,
			parameters: {
				resource: 'list',
				operation: 'addField',
				list: byId(list.id),
				fieldName: 'Notes',
				fieldSlug: 'notes',
				fieldType: 'string',
			},
		});
		expect(result.error?.description).toMatch(/The field change itself was made; only reading the list afterwards failed\.$/);
		expect(result.error?.message).toBe('List not found: check the List ID');
		expect(env.proxy.calls('addListSchemaField')).toHaveLength(1);
	});
});
