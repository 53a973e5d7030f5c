/** createListSchema (§4.5, with §2.1, §2.2, §7.1, §7.2, §8): shape, defaults, targets, every 422, access, the limit. */
import { ISO_WITH_OFFSET } from '../../support/formats';
import {
	createUser,
	createUserWithBot,
	createBot,
	createListForTest,
	createProject,
	inviteToProject,
	type TestListField,
} from '../../support/factories';
import {
	expectForbidden,
	expectInvalid,
	fieldSlugsInOrder,
	LIST_ID,
	listsCountOf,
	rawCall,
	setListsCount,
} from '../../support/lists';
import { startTestServer, type TestServer } from '../../support/test-server';
import { documentsSpecParameters, STRING_255 } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

const TITLE: TestListField = { name: 'Title', slug: 'title', type: 'string' };

async function listNamesOf(owner: {
	api: { call: (method: string, params?: Record<string, unknown>) => Promise<{ data: any }> };
}) {
	const res = await owner.api.call('getListSchemas', { page: 1 });
	return (res.data.data as { name: string }[]).map((list) => list.name);
}

describe('§4.5 createListSchema: the created list', () => {
	test('§4.5 §2.1 §2.2 by project_uuid: 201, bot_id null, field defaults, money in USD, timestamps with offset', async () => {
		const { user, project } = await createUserWithBot(t);
		const res = await user.api.call('createListSchema', {
			name: 'Orders',
			project_uuid: project.uuid,
			fields: [
				{ name: 'Title', slug: 'title', type: 'string' },
				{ name: 'Price', slug: 'price', type: 'money' },
				{ name: 'Secret', slug: 'secret', type: 'string', is_required: false, is_hidden: true, is_encryptable: true },
			],
		});
		expect(res.status).toBe(201);
		expect(res.data).toEqual({
			data: {
				id: expect.stringMatching(LIST_ID),
				fields: {
					title: { name: 'Title', type: 'string', is_required: true, is_hidden: false, is_encryptable: false },
					price: { name: 'Price', type: 'money', currency: 'USD', is_required: true, is_hidden: false, is_encryptable: false },
					secret: { name: 'Secret', type: 'string', is_required: false, is_hidden: true, is_encryptable: true },
				},
				name: 'Orders',
				bot_id: null,
				project: project.uuid,
				is_menu: false,
				created_at: expect.stringMatching(ISO_WITH_OFFSET),
				updated_at: expect.stringMatching(ISO_WITH_OFFSET),
			},
		});
		expect(res.data.data.updated_at).toBe(res.data.data.created_at);
		expect(Math.abs(Date.parse(res.data.data.created_at) - Date.now())).toBeLessThan(60_000);
	});

	test('§4.5 by bot_id: the list goes to the bot’s project and records the bot', async () => {
		const { user, project, bot } = await createUserWithBot(t);
		const list = await createListForTest(user, { bot_id: bot.id });
		expect(list.bot_id).toBe(bot.id);
		expect(list.project).toBe(project.uuid);
	});

	test('§4.5 when both are sent, bot_id wins, even over a project_uuid that does not exist or is someone else’s', async () => {
		const { user, project, bot } = await createUserWithBot(t);
		const otherProject = await createProject(t, user);
		const stranger = await createUser(t);
		const strangersProject = await createProject(t, stranger);
		for (const projectUuid of [otherProject.uuid, strangersProject.uuid, '00000000-0000-4000-8000-000000000000']) {
			const res = await user.api.call('createListSchema', {
				name: 'Both',
				project_uuid: projectUuid,
				bot_id: bot.id,
				fields: [TITLE],
			});
			expect(res.status).toBe(201);
			expect(res.data.data).toMatchObject({ bot_id: bot.id, project: project.uuid });
		}
	});

	test('§2.2 fields keep the order they were sent in, also slugs made of digits (raw JSON order)', async () => {
		const { user, project } = await createUserWithBot(t);
		const slugs = ['zeta', '2024', 'alpha', '10', 'Ünïcode_слаг', '0', 'a-b_c'];
		const res = await rawCall(t, user.apiKey, 'createListSchema', {
			name: 'Ordered',
			project_uuid: project.uuid,
			fields: slugs.map((slug) => ({ name: `Field ${slug}`, slug, type: 'number' })),
		});
		expect(res.status).toBe(201);
		expect(fieldSlugsInOrder(res.text)).toEqual(slugs);
		const id = JSON.parse(res.text).data.id as string;
		const read = await rawCall(t, user.apiKey, 'getListSchema', { schema_id: id });
		expect(fieldSlugsInOrder(read.text)).toEqual(slugs);
	});

	test('§4.5 is_menu is accepted and stored (with no effect)', async () => {
		const { user, project } = await createUserWithBot(t);
		const res = await user.api.call('createListSchema', {
			name: 'Menu',
			project_uuid: project.uuid,
			is_menu: true,
			fields: [TITLE],
		});
		expect(res.status).toBe(201);
		expect(res.data.data.is_menu).toBe(true);
		const read = await user.api.call('getListSchema', { schema_id: res.data.data.id });
		expect(read.data.data.is_menu).toBe(true);
	});

	test('§4.5 money fields take any active ISO 4217 code; the currency is shown only on money fields', async () => {
		const { user, project } = await createUserWithBot(t);
		const res = await user.api.call('createListSchema', {
			name: 'Prices',
			project_uuid: project.uuid,
			fields: [
				{ name: 'Euro', slug: 'eur', type: 'money', currency: 'EUR' },
				{ name: 'Yen', slug: 'jpy', type: 'money', currency: 'JPY' },
				{ name: 'Pound', slug: 'gbp', type: 'money', currency: 'GBP' },
				// An ISO 4217 funds code, which CLDR does not know.
				{ name: 'UF', slug: 'clf', type: 'money', currency: 'CLF' },
				{ name: 'Text', slug: 'text', type: 'string', currency: 'EUR' },
			],
		});
		expect(res.status).toBe(201);
		const { fields } = res.data.data;
		expect([fields.eur.currency, fields.jpy.currency, fields.gbp.currency, fields.clf.currency]).toEqual([
			'EUR',
			'JPY',
			'GBP',
			'CLF',
		]);
		expect(fields.text).not.toHaveProperty('currency');
	});

	test('§2.2 every field type is accepted', async () => {
		const { user, project } = await createUserWithBot(t);
		const types = ['string', 'number', 'bool', 'date', 'datetime', 'money', 'file', 'image', 'contact', 'bot'];
		const res = await user.api.call('createListSchema', {
			name: 'All types',
			project_uuid: project.uuid,
			fields: types.map((type) => ({ name: type, slug: `f_${type}`, type })),
		});
		expect(res.status).toBe(201);
		expect(Object.values(res.data.data.fields).map((field: any) => field.type)).toEqual(types);
	});

	test('§8 limits are inclusive: 30 fields, names and slugs of 255 characters', async () => {
		const { user, project } = await createUserWithBot(t);
		const fields = Array.from({ length: 30 }, (_, i) => ({
			name: `N${i}`.padEnd(255, 'n'),
			slug: `s${i}`.padEnd(255, 's'),
			type: 'string',
		}));
		const res = await user.api.call('createListSchema', { name: 'L'.repeat(255), project_uuid: project.uuid, fields });
		expect(res.status).toBe(201);
		expect(Object.keys(res.data.data.fields)).toHaveLength(30);
	});
});

describe('§4.1 createListSchema: JSON, form fields and query strings', () => {
	const expected = {
		title: { name: 'Title', type: 'string', is_required: false, is_hidden: true, is_encryptable: false },
		price: { name: 'Price', type: 'money', currency: 'EUR', is_required: true, is_hidden: false, is_encryptable: true },
	};
	const stringlyFields = [
		{ name: 'Title', slug: 'title', type: 'string', is_required: '0', is_hidden: 'true', is_encryptable: 'false' },
		{ name: 'Price', slug: 'price', type: 'money', currency: 'EUR', is_required: '1', is_encryptable: '1' },
	];

	test.each(['form', 'query'] as const)('§4.1 as %s: bracket notation, booleans and bot_id read from strings', async (as) => {
		const { user, project, bot } = await createUserWithBot(t);
		const verb = as === 'query' ? 'GET' : 'POST';
		const byBot = await user.api.call(
			'createListSchema',
			{ name: 'Stringly', bot_id: String(bot.id), is_menu: '1', fields: stringlyFields },
			{ verb, as },
		);
		expect(byBot.status).toBe(201);
		expect(byBot.data.data).toMatchObject({ bot_id: bot.id, project: project.uuid, is_menu: true, fields: expected });
		const byProject = await user.api.call(
			'createListSchema',
			{ name: 'Stringly', project_uuid: project.uuid, fields: stringlyFields },
			{ verb, as },
		);
		expect(byProject.status).toBe(201);
		expect(byProject.data.data).toMatchObject({ bot_id: null, is_menu: false, fields: expected });
	});

	test.each(['json', 'form', 'query'] as const)('§4.1 §7.1 as %s: the same 422 keys for the same mistakes', async (as) => {
		const { user, project } = await createUserWithBot(t);
		const res = await user.api.call(
			'createListSchema',
			{
				name: 'Broken',
				project_uuid: project.uuid,
				fields: [
					{ name: 'A', slug: 'a', type: 'string', is_required: 'maybe' },
					{ name: 'B', slug: 'a', type: 'money', currency: 'XYZ' },
					{ name: 'C', slug: 'id', type: 'colour' },
				],
			},
			{ verb: as === 'query' ? 'GET' : 'POST', as },
		);
		expectInvalid(res, ['fields.0.is_required', 'fields.1.slug', 'fields.1.currency', 'fields.2.slug', 'fields.2.type']);
	});
});

describe('§4.5 §7.1 createListSchema: validation (422, nothing created)', () => {
	async function expectRefused(params: Record<string, unknown>, keys: string[]) {
		const { user, project } = await createUserWithBot(t);
		const res = await user.api.call('createListSchema', {
			name: 'Refused',
			project_uuid: project.uuid,
			fields: [TITLE],
			...params,
		});
		expectInvalid(res, keys);
		expect(await listNamesOf(user)).toEqual([]);
		expect(await listsCountOf(t, project.uuid)).toBe(0);
		return res;
	}

	test('§4.5 name is required, up to 255 characters', async () => {
		await expectRefused({ name: undefined }, ['name']);
		await expectRefused({ name: '   ' }, ['name']);
		await expectRefused({ name: 'x'.repeat(256) }, ['name']);
		await expectRefused({ name: 42 }, ['name']);
	});

	test('§4.5 §8 fields: required, an array of 1 to 30 items, each an object', async () => {
		await expectRefused({ fields: undefined }, ['fields']);
		await expectRefused({ fields: [] }, ['fields']);
		await expectRefused({ fields: 'title' }, ['fields']);
		await expectRefused({ fields: { title: TITLE } }, ['fields']);
		await expectRefused({ fields: Array.from({ length: 31 }, (_, i) => ({ name: `F${i}`, slug: `f${i}`, type: 'string' })) }, [
			'fields',
		]);
		await expectRefused({ fields: [TITLE, 'oops'] }, ['fields.1']);
	});

	test('§4.5 each field needs a name, a slug and a type; every failure is listed at once (§7.1)', async () => {
		const res = await expectRefused({ fields: [{}, { name: 'x'.repeat(256), slug: 'ok', type: 'string' }] }, [
			'fields.0.name',
			'fields.0.slug',
			'fields.0.type',
			'fields.1.name',
		]);
		expect(res.data.message).toMatch(/more error/);
	});

	test('§2.2 slug charset: letters, digits, "-" and "_", up to 255 characters', async () => {
		for (const slug of ['with space', 'dot.ted', '$where', 'a/b', 'emoji😀', 'quote"s', 'x'.repeat(256)]) {
			await expectRefused({ fields: [{ name: 'F', slug, type: 'string' }] }, ['fields.0.slug']);
		}
	});

	test('§4.5 a repeated slug is refused at the repetition, fields.N.slug with zero-based N', async () => {
		const res = await expectRefused(
			{
				fields: [
					{ name: 'A', slug: 'a', type: 'string' },
					{ name: 'B', slug: 'b', type: 'string' },
					{ name: 'A again', slug: 'a', type: 'number' },
					{ name: 'B again', slug: 'b', type: 'number' },
				],
			},
			['fields.2.slug', 'fields.3.slug'],
		);
		expect(res.data.errors).not.toHaveProperty('fields.0.slug');
	});

	test('§4.5 reserved service names are refused as slugs, whatever their case', async () => {
		for (const slug of [
			'id',
			'created_at',
			'updated_at',
			'deleted_at',
			'item_id',
			'schema_id',
			'list_id',
			'ID',
			'Created_At',
			'__proto__',
		]) {
			await expectRefused({ fields: [TITLE, { name: 'Reserved', slug, type: 'string' }] }, ['fields.1.slug']);
		}
	});

	test('§2.2 the type must be one of the listed types', async () => {
		for (const type of ['text', 'STRING', '', 5])
			await expectRefused({ fields: [{ name: 'F', slug: 'f', type }] }, ['fields.0.type']);
	});

	test('§4.5 an unknown or inactive currency code on a money field: 422 on fields.N.currency', async () => {
		for (const currency of ['XYZ', 'usd', 'US', 'DOLLAR', 123, 'HRK']) {
			await expectRefused({ fields: [TITLE, { name: 'Price', slug: 'price', type: 'money', currency }] }, ['fields.1.currency']);
		}
	});

	test('§4.5 booleans must be booleans (true/false, 1/0 and their strings)', async () => {
		await expectRefused({ fields: [{ ...TITLE, is_required: 'maybe' }] }, ['fields.0.is_required']);
		await expectRefused({ fields: [{ ...TITLE, is_hidden: 2 }] }, ['fields.0.is_hidden']);
		await expectRefused({ fields: [{ ...TITLE, is_encryptable: [] }] }, ['fields.0.is_encryptable']);
		await expectRefused({ is_menu: 'sometimes' }, ['is_menu']);
	});

	test('§4.5 project_uuid is required without bot_id, and the other way round', async () => {
		await expectRefused({ project_uuid: undefined }, ['project_uuid', 'bot_id']);
		await expectRefused({ project_uuid: '' }, ['project_uuid', 'bot_id']);
	});

	test('§4.1 bot_id must be an integer', async () => {
		for (const botId of ['12abc', 1.5, 'one', true]) await expectRefused({ project_uuid: undefined, bot_id: botId }, ['bot_id']);
	});

	test('§4.5 field errors come before the target is looked up: 422 even for a foreign project', async () => {
		const stranger = await createUser(t);
		const strangersProject = await createProject(t, stranger);
		await expectRefused({ project_uuid: strangersProject.uuid, fields: [] }, ['fields']);
	});
});

describe('§4.5 §7.2 createListSchema: targets and access', () => {
	test('§4.5 a project_uuid or bot_id that does not exist: 422 on that key', async () => {
		const { user, project, bot } = await createUserWithBot(t);
		expectInvalid(await user.api.call('createListSchema', { name: 'L', project_uuid: 'no-such-project', fields: [TITLE] }), [
			'project_uuid',
		]);
		expectInvalid(await user.api.call('createListSchema', { name: 'L', bot_id: 987654321, fields: [TITLE] }), ['bot_id']);
		await t.admin.expect(204, 'DELETE', `/bots/${bot.id}`);
		expectInvalid(await user.api.call('createListSchema', { name: 'L', bot_id: bot.id, fields: [TITLE] }), ['bot_id']);
		expect(await listsCountOf(t, project.uuid)).toBe(0);
	});

	test('§4.5 another user’s project or bot: 403, nothing created', async () => {
		const { user } = await createUserWithBot(t);
		const { project: strangersProject, bot: strangersBot } = await createUserWithBot(t);
		expectForbidden(await user.api.call('createListSchema', { name: 'L', project_uuid: strangersProject.uuid, fields: [TITLE] }));
		expectForbidden(await user.api.call('createListSchema', { name: 'L', bot_id: strangersBot.id, fields: [TITLE] }));
		expect(await listsCountOf(t, strangersProject.uuid)).toBe(0);
	});

	test('§1 §4.5 a project the caller was only invited to (and its bots): 403', async () => {
		const { user: owner, project, bot } = await createUserWithBot(t);
		const member = await createUser(t);
		await inviteToProject(t, project, member);
		expectForbidden(await member.api.call('createListSchema', { name: 'L', project_uuid: project.uuid, fields: [TITLE] }));
		expectForbidden(await member.api.call('createListSchema', { name: 'L', bot_id: bot.id, fields: [TITLE] }));
		expect(await listsCountOf(t, project.uuid)).toBe(0);
		expect(await listNamesOf(owner)).toEqual([]);
	});

	test('§7.1 operator injection in the target or fields is a 422 that creates nothing', async () => {
		const { user, project } = await createUserWithBot(t);
		const { project: strangersProject } = await createUserWithBot(t);
		const attempts = [
			user.api.call('createListSchema', { name: 'L', project_uuid: { $ne: null }, fields: [TITLE] }),
			user.api.call('createListSchema', { name: 'L', bot_id: { $gt: 0 }, fields: [TITLE] }),
			user.api.call('createListSchema', { name: 'L', 'project_uuid[$ne]': 'x', fields: [TITLE] }, { verb: 'GET' }),
			user.api.call('createListSchema', { name: 'L', 'bot_id[$gt]': '0', fields: [TITLE] }, { as: 'form' }),
			user.api.call(
				'createListSchema',
				{ name: 'L', project_uuid: project.uuid, fields: [{ name: 'F', slug: { $ne: 1 }, type: 'string' }] },
				{ verb: 'GET' },
			),
		];
		const results = await Promise.all(attempts);
		expect(results.map((res) => res.status)).toEqual([422, 422, 422, 422, 422]);
		expect(Object.keys(results[0].data.errors)).toEqual(['project_uuid']);
		expect(Object.keys(results[1].data.errors)).toEqual(['bot_id']);
		expect(Object.keys(results[2].data.errors)).toEqual(['project_uuid']);
		expect(Object.keys(results[3].data.errors)).toEqual(['bot_id']);
		expect(Object.keys(results[4].data.errors)).toEqual(['fields.0.slug']);
		expect(await listsCountOf(t, project.uuid)).toBe(0);
		expect(await listsCountOf(t, strangersProject.uuid)).toBe(0);
	});

	test('§7.1 texts follow Accept-Language; keys do not', async () => {
		const { user, project } = await createUserWithBot(t);
		const params = { name: 'L', project_uuid: project.uuid, fields: [{ name: 'F', slug: 'id', type: 'string' }] };
		const en = await user.api.call('createListSchema', params);
		const ru = await user.api.call('createListSchema', params, { headers: { 'Accept-Language': 'ru' } });
		expectInvalid(en, ['fields.0.slug']);
		expectInvalid(ru, ['fields.0.slug']);
		expect(ru.data.errors['fields.0.slug'][0]).not.toBe(en.data.errors['fields.0.slug'][0]);
		expect(ru.data.errors['fields.0.slug'][0]).toMatch(/[а-я]/);
	});
});

describe('§4.5 §8 5000 lists per project', () => {
	test('§4.5 at 5000 lists: 403 with message and error, the same text', async () => {
		const { user, project, bot } = await createUserWithBot(t);
		await setListsCount(t, project.uuid, 5000);
		for (const target of [{ project_uuid: project.uuid }, { bot_id: bot.id }]) {
			const res = await user.api.call('createListSchema', { name: 'Over', ...target, fields: [TITLE] });
			expectForbidden(res);
		}
		expect(await listsCountOf(t, project.uuid)).toBe(5000);
		expect(await listNamesOf(user)).toEqual([]);
	});

	test('§4.5 the limit is per project: another project of the same owner still accepts lists', async () => {
		const { user, project } = await createUserWithBot(t);
		const second = await createProject(t, user);
		await setListsCount(t, project.uuid, 5000);
		await createListForTest(user, { project_uuid: second.uuid });
		expect(await listsCountOf(t, second.uuid)).toBe(1);
	});

	test('§4.5 race: two parallel creates at 4999 make exactly one list', async () => {
		const { user, project, bot } = await createUserWithBot(t);
		await setListsCount(t, project.uuid, 4999);
		const results = await Promise.all([
			user.api.call('createListSchema', { name: 'Racer A', project_uuid: project.uuid, fields: [TITLE] }),
			user.api.call('createListSchema', { name: 'Racer B', bot_id: bot.id, fields: [TITLE] }),
		]);
		expect(results.map((res) => res.status).sort()).toEqual([201, 403]);
		expectForbidden(results.find((res) => res.status === 403)!);
		expect(await listsCountOf(t, project.uuid)).toBe(5000);
		expect(await listNamesOf(user)).toHaveLength(1);
	});

	test('§4.5 race: ten parallel creates with three slots left make exactly three lists', async () => {
		const { user, project } = await createUserWithBot(t);
		await setListsCount(t, project.uuid, 4997);
		const results = await Promise.all(
			Array.from({ length: 10 }, (_, i) =>
				user.api.call('createListSchema', { name: `Racer ${i}`, project_uuid: project.uuid, fields: [TITLE] }),
			),
		);
		expect(results.filter((res) => res.status === 201)).toHaveLength(3);
		expect(results.filter((res) => res.status === 403)).toHaveLength(7);
		expect(await listsCountOf(t, project.uuid)).toBe(5000);
		expect(await listNamesOf(user)).toHaveLength(3);
	});

	test('§4.5 §4.6 refused creates take no slot, and deleting a list frees one', async () => {
		const { user, project } = await createUserWithBot(t);
		await setListsCount(t, project.uuid, 4999);
		expectInvalid(await user.api.call('createListSchema', { name: 'L', project_uuid: project.uuid, fields: [] }), ['fields']);
		const list = await createListForTest(user, { project_uuid: project.uuid });
		expectForbidden(await user.api.call('createListSchema', { name: 'L', project_uuid: project.uuid, fields: [TITLE] }));
		expect((await user.api.call('deleteListSchema', { schema_id: list.id })).status).toBe(204);
		expect(await listsCountOf(t, project.uuid)).toBe(4999);
		await createListForTest(user, { project_uuid: project.uuid });
		expect(await listsCountOf(t, project.uuid)).toBe(5000);
	});

	test('§4.5 every create counts: the counter follows real creates and deletes', async () => {
		const { user, project, bot } = await createUserWithBot(t);
		const lists = await Promise.all([
			createListForTest(user, { project_uuid: project.uuid }),
			createListForTest(user, { bot_id: bot.id }),
			createListForTest(user, { project_uuid: project.uuid }),
		]);
		expect(await listsCountOf(t, project.uuid)).toBe(3);
		await Promise.all(lists.map((list) => user.api.call('deleteListSchema', { schema_id: list.id })));
		expect(await listsCountOf(t, project.uuid)).toBe(0);
	});
});

describe('§4.1 createListSchema: verbs', () => {
	test('§4.1 GET and POST are both accepted; other verbs are not', async () => {
		const { user, project } = await createUserWithBot(t);
		const params = { name: 'Verbs', project_uuid: project.uuid, fields: [TITLE] };
		expect((await user.api.call('createListSchema', params, { verb: 'GET' })).status).toBe(201);
		expect((await user.api.call('createListSchema', params, { verb: 'POST' })).status).toBe(201);
		expect((await user.api.call('createListSchema', params, { verb: 'PUT' })).status).toBe(405);
		expect(await listsCountOf(t, project.uuid)).toBe(2);
	});

	test('§4.1 a list can be created in a second bot of the same project', async () => {
		const { user, project } = await createUserWithBot(t);
		const secondBot = await createBot(t, project);
		const list = await createListForTest(user, { bot_id: secondBot.id });
		expect(list).toMatchObject({ bot_id: secondBot.id, project: project.uuid });
	});
});

documentsSpecParameters('createListSchema', () => t, [
	['name', true, 'string', STRING_255],
	['project_uuid', false, 'string'],
	['bot_id', false, 'integer'],
	['fields', true, 'array', { minItems: 1, maxItems: 30 }],
	['is_menu', false, 'boolean', { default: false }],
]);

const newList = (target: Record<string, unknown>) => ({
	name: 'Orders',
	...target,
	fields: [{ name: 'Title', slug: 'title', type: 'string' }],
});

countsCommands('createListSchema', {
	'by project': async (server) => {
		const { user, project } = await createUserWithBot(server);
		return { user, status: 201, call: () => user.api.call('createListSchema', newList({ project_uuid: project.uuid })) };
	},
	'by bot': async (server) => {
		const { user, bot } = await createUserWithBot(server);
		return { user, status: 201, call: () => user.api.call('createListSchema', newList({ bot_id: bot.id })) };
	},
});
