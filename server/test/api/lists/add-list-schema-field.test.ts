/** addListSchemaField (§4.7). */
import {
	createUser,
	createListItemForTest,
	inviteToProject,
	createUserWithBot,
	createListForTest,
} from '../../support/factories';
import { expectForbidden, expectInvalid, expectListNotFound, fieldSlugsInOrder, rawCall } from '../../support/lists';
import { startTestServer, type TestServer } from '../../support/test-server';
import { itemsOf, listOf, listWithItems } from './fields-helpers';
import { documentsSpecParameters } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§4.7 addListSchemaField', () => {
	test('§4.7 appends at the end with the defaults; 204 with no body', async () => {
		const { user, list } = await listWithItems(t);
		const res = await user.api.call('addListSchemaField', {
			schema_id: list.id,
			field: { name: 'Notes', slug: 'notes', type: 'string' },
		});
		expect(res.status).toBe(204);
		expect(res.data).toBe('');
		const after = await listOf(user, list.id);
		expect(after.fields.notes).toEqual({
			name: 'Notes',
			type: 'string',
			is_required: true,
			is_hidden: false,
			is_encryptable: false,
		});
		const raw = await rawCall(t, user.apiKey, 'getListSchema', { schema_id: list.id });
		expect(fieldSlugsInOrder(raw.text)).toEqual(['title', '2024', 'price', 'notes']);
	});

	test('§2.2 §4.7 digit slugs are appended at the end too (raw JSON order)', async () => {
		const { user, list } = await listWithItems(t);
		await user.api.call('addListSchemaField', { schema_id: list.id, field: { name: 'Zero', slug: '0', type: 'bool' } });
		await user.api.call('addListSchemaField', { schema_id: list.id, field: { name: 'Letters', slug: 'abc', type: 'bool' } });
		await user.api.call('addListSchemaField', { schema_id: list.id, field: { name: 'Big', slug: '99999', type: 'bool' } });
		const raw = await rawCall(t, user.apiKey, 'getListSchema', { schema_id: list.id });
		expect(fieldSlugsInOrder(raw.text)).toEqual(['title', '2024', 'price', '0', 'abc', '99999']);
	});

	test('§4.7 a money field with its currency; flags given as strings in a query string', async () => {
		const { user, list } = await listWithItems(t);
		const field = {
			name: 'Cost',
			slug: 'cost',
			type: 'money',
			currency: 'JPY',
			is_required: '0',
			is_hidden: '1',
			is_encryptable: 'true',
		};
		expect((await user.api.call('addListSchemaField', { schema_id: list.id, field }, { verb: 'GET' })).status).toBe(204);
		expect((await listOf(user, list.id)).fields.cost).toEqual({
			name: 'Cost',
			type: 'money',
			currency: 'JPY',
			is_required: false,
			is_hidden: true,
			is_encryptable: true,
		});
	});

	test('§4.7 as form fields', async () => {
		const { user, list } = await listWithItems(t);
		const field = { name: 'Flag', slug: 'flag', type: 'bool', is_required: 'false' };
		expect((await user.api.call('addListSchemaField', { schema_id: list.id, field }, { as: 'form' })).status).toBe(204);
		expect((await listOf(user, list.id)).fields.flag).toMatchObject({ type: 'bool', is_required: false });
	});

	test('§4.7 §3 existing records do not change', async () => {
		const { user, list } = await listWithItems(t);
		const before = await itemsOf(t, list.id);
		await user.api.call('addListSchemaField', { schema_id: list.id, field: { name: 'Notes', slug: 'notes', type: 'string' } });
		expect(await itemsOf(t, list.id)).toEqual(before);
	});

	test('§4.7 a required new field must be filled on every later record addition', async () => {
		const { user, list } = await listWithItems(t);
		await user.api.call('addListSchemaField', { schema_id: list.id, field: { name: 'Notes', slug: 'notes', type: 'string' } });
		const missing = await t.admin.request('POST', `/lists/${list.id}/items`, { values: { title: 'Third' } });
		expectInvalid(missing, ['values.notes']);
		await createListItemForTest(t, list.id, { title: 'Third', notes: 'filled' });
	});

	test('§4.7 a slug already in the list: 422 on field.slug, nothing added', async () => {
		const { user, list } = await listWithItems(t);
		for (const slug of ['title', '2024']) {
			const res = await user.api.call('addListSchemaField', {
				schema_id: list.id,
				field: { name: 'Again', slug, type: 'string' },
			});
			expectInvalid(res, ['field.slug']);
		}
		expect(Object.keys((await listOf(user, list.id)).fields)).toHaveLength(3);
	});

	test('§4.7 parallel adds of one slug: exactly one succeeds', async () => {
		const { user, list } = await listWithItems(t);
		const results = await Promise.all(
			[1, 2, 3].map((n) =>
				user.api.call('addListSchemaField', {
					schema_id: list.id,
					field: { name: `Race ${n}`, slug: 'race', type: 'string' },
				}),
			),
		);
		expect(results.map((res) => res.status).sort()).toEqual([204, 422, 422]);
		const raw = await rawCall(t, user.apiKey, 'getListSchema', { schema_id: list.id });
		expect(fieldSlugsInOrder(raw.text)).toEqual(['title', '2024', 'price', 'race']);
	});

	test('§4.7 parallel adds of different slugs all land, none lost', async () => {
		const { user, list } = await listWithItems(t);
		const slugs = ['a1', 'a2', 'a3', 'a4', 'a5'];
		const results = await Promise.all(
			slugs.map((slug) =>
				user.api.call('addListSchemaField', { schema_id: list.id, field: { name: slug, slug, type: 'string' } }),
			),
		);
		expect(results.map((res) => res.status)).toEqual([204, 204, 204, 204, 204]);
		expect(Object.keys((await listOf(user, list.id)).fields).filter((slug) => slug.startsWith('a'))).toHaveLength(5);
	});

	test('§4.7 money without a currency, or with an unknown code: 422 on field.currency', async () => {
		const { user, list } = await listWithItems(t);
		for (const currency of [undefined, '', 'XYZ', 'eur', { $ne: null }]) {
			const res = await user.api.call('addListSchemaField', {
				schema_id: list.id,
				field: { name: 'Price 2', slug: 'price2', type: 'money', currency },
			});
			expectInvalid(res, ['field.currency']);
		}
		expect((await listOf(user, list.id)).fields).not.toHaveProperty('price2');
	});

	test('§4.7 §7.1 field rules: required parts, slug charset and length, reserved names, type, flags', async () => {
		const { user, list } = await listWithItems(t);
		const add = (field: unknown) => user.api.call('addListSchemaField', { schema_id: list.id, field });
		expectInvalid(await add(undefined), ['field']);
		expectInvalid(await add('notes'), ['field']);
		expectInvalid(await add({}), ['field.name', 'field.slug', 'field.type']);
		expectInvalid(await add({ name: 'x'.repeat(256), slug: 'ok', type: 'string' }), ['field.name']);
		expectInvalid(await add({ name: 'N', slug: 'no.dots', type: 'string' }), ['field.slug']);
		expectInvalid(await add({ name: 'N', slug: 's'.repeat(256), type: 'string' }), ['field.slug']);
		expectInvalid(await add({ name: 'N', slug: 'id', type: 'string' }), ['field.slug']);
		expectInvalid(await add({ name: 'N', slug: 'n', type: 'list' }), ['field.type']);
		expectInvalid(await add({ name: 'N', slug: 'n', type: 'string', is_hidden: 'perhaps' }), ['field.is_hidden']);
		expectInvalid(await add({ name: 'N', slug: { $ne: null }, type: 'string' }), ['field.slug']);
		const raw = await rawCall(t, user.apiKey, 'getListSchema', { schema_id: list.id });
		expect(fieldSlugsInOrder(raw.text)).toEqual(['title', '2024', 'price']);
	});

	test('§4.7 a missing list: 404; another’s or an invited project’s list: 403; nothing added', async () => {
		const { user, project, list } = await listWithItems(t);
		const field = { name: 'Notes', slug: 'notes', type: 'string' };
		expectListNotFound(await user.api.call('addListSchemaField', { schema_id: '0123456789abcdef01234567', field }));
		const stranger = await createUser(t);
		const member = await createUser(t);
		await inviteToProject(t, project, member);
		expectForbidden(await stranger.api.call('addListSchemaField', { schema_id: list.id, field }));
		expectForbidden(await member.api.call('addListSchemaField', { schema_id: list.id, field }));
		expect((await listOf(user, list.id)).fields).not.toHaveProperty('notes');
	});
});

documentsSpecParameters('addListSchemaField', () => t, [
	['schema_id', true, 'string'],
	['field', true, 'object'],
]);

countsCommands('addListSchemaField', async (server) => {
	const { user, project } = await createUserWithBot(server);
	const list = await createListForTest(user, { project_uuid: project.uuid });
	const field = { name: 'Price', slug: 'price', type: 'money', currency: 'EUR' };
	return { user, status: 204, call: () => user.api.call('addListSchemaField', { schema_id: list.id, field }) };
});
