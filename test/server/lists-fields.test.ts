/**
 * deleteListSchema (§4.6), addListSchemaField (§4.7), deleteListSchemaField (§4.8), and what they do to a
 * list's records (§3), with records made through the admin API.
 */
import {
	createUser,
	createUserWithBot,
	createListForTest,
	createListItemForTest,
	inviteToProject,
	type TestUser,
	type TestListField,
} from '../support/factories';
import {
	expectForbidden,
	expectInvalid,
	expectListNotFound,
	fieldSlugsInOrder,
	listIdsOf,
	listsCountOf,
	rawCall,
	storedItemsOf,
} from '../support/lists';
import { startTestServer, type TestServer } from '../support/test-server';
import { startServerOnSameDatabase } from '../support/contact-accounts';
import { Types } from 'mongoose';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

const FIELDS: TestListField[] = [
	{ name: 'Title', slug: 'title', type: 'string' },
	{ name: 'Year', slug: '2024', type: 'number', is_required: false },
	{ name: 'Price', slug: 'price', type: 'money', currency: 'EUR', is_required: false },
];

/** An owner with a list of FIELDS and two records. */
async function listWithItems() {
	const { user, project, bot } = await createUserWithBot(t);
	const list = await createListForTest(user, { project_uuid: project.uuid }, FIELDS);
	const items = [
		await createListItemForTest(t, list.id, { title: 'First', 2024: 7, price: 1500 }),
		await createListItemForTest(t, list.id, { title: 'Second', price: 250 }),
	];
	return { user, project, bot, list, items };
}

async function listOf(user: TestUser, id: string) {
	const res = await user.api.call('getListSchema', { schema_id: id });
	expect(res.status).toBe(200);
	return res.data.data;
}

async function itemsOf(id: string) {
	return (await t.admin.expect(200, 'GET', `/lists/${id}/items`)).data as {
		id: string;
		values: Record<string, unknown>;
		updated_at: string;
	}[];
}

describe('§4.6 deleteListSchema', () => {
	test('§4.6 §3 204 with no body; the list and all its records are gone; later lookups give 404', async () => {
		const { user, project, list, items } = await listWithItems();
		expect(await storedItemsOf(t, list.id)).toHaveLength(items.length);
		const res = await user.api.call('deleteListSchema', { schema_id: list.id });
		expect(res.status).toBe(204);
		expect(res.data).toBe('');
		expectListNotFound(await user.api.call('getListSchema', { schema_id: list.id }));
		expect(await storedItemsOf(t, list.id)).toEqual([]);
		expect((await t.admin.request('GET', `/lists/${list.id}/items`)).status).toBe(404);
		expect((await user.api.call('getListSchemas')).data.data).toEqual([]);
		expect(await listsCountOf(t, project.uuid)).toBe(0);
	});

	test('§4.6 only that list’s records go; other lists keep theirs', async () => {
		const { user, project, list } = await listWithItems();
		const other = await createListForTest(user, { project_uuid: project.uuid }, FIELDS);
		await createListItemForTest(t, other.id, { title: 'Kept' });
		await user.api.call('deleteListSchema', { schema_id: list.id });
		expect((await itemsOf(other.id)).map((item) => item.values)).toEqual([{ title: 'Kept' }]);
	});

	test('§4.6 deleting again, or a list that never existed: 404', async () => {
		const { user, list } = await listWithItems();
		expect((await user.api.call('deleteListSchema', { schema_id: list.id })).status).toBe(204);
		expectListNotFound(await user.api.call('deleteListSchema', { schema_id: list.id }));
		expectListNotFound(await user.api.call('deleteListSchema', { schema_id: 'not-a-list' }));
		expectInvalid(await user.api.call('deleteListSchema', {}), ['schema_id']);
	});

	test('§4.6 parallel deletes of one list: one 204, the others 404, and only its slot is given back', async () => {
		const { user, project, list } = await listWithItems();
		const other = await createListForTest(user, { project_uuid: project.uuid }, FIELDS);
		const results = await Promise.all([1, 2, 3].map(() => user.api.call('deleteListSchema', { schema_id: list.id })));
		expect(results.map((res) => res.status).sort()).toEqual([204, 404, 404]);
		expect(await listIdsOf(t, project.uuid)).toEqual([other.id]);
	});

	test('§4.6 §1 another user’s list, or one of a project the caller was invited to: 403, nothing deleted', async () => {
		const { project, list, items } = await listWithItems();
		const stranger = await createUser(t);
		const member = await createUser(t);
		await inviteToProject(t, project, member);
		expectForbidden(await stranger.api.call('deleteListSchema', { schema_id: list.id }));
		expectForbidden(await member.api.call('deleteListSchema', { schema_id: list.id }, { verb: 'GET' }));
		expect(await itemsOf(list.id)).toHaveLength(items.length);
		expect(await listsCountOf(t, project.uuid)).toBe(1);
	});

	test('§4.1 by GET with a query string', async () => {
		const { user, list } = await listWithItems();
		expect((await user.api.call('deleteListSchema', { schema_id: list.id }, { verb: 'GET' })).status).toBe(204);
		expect(await storedItemsOf(t, list.id)).toEqual([]);
	});
});

describe('§4.7 addListSchemaField', () => {
	test('§4.7 appends at the end with the defaults; 204 with no body', async () => {
		const { user, list } = await listWithItems();
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
		const { user, list } = await listWithItems();
		await user.api.call('addListSchemaField', { schema_id: list.id, field: { name: 'Zero', slug: '0', type: 'bool' } });
		await user.api.call('addListSchemaField', { schema_id: list.id, field: { name: 'Letters', slug: 'abc', type: 'bool' } });
		await user.api.call('addListSchemaField', { schema_id: list.id, field: { name: 'Big', slug: '99999', type: 'bool' } });
		const raw = await rawCall(t, user.apiKey, 'getListSchema', { schema_id: list.id });
		expect(fieldSlugsInOrder(raw.text)).toEqual(['title', '2024', 'price', '0', 'abc', '99999']);
	});

	test('§4.7 a money field with its currency; flags given as strings in a query string', async () => {
		const { user, list } = await listWithItems();
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
		const { user, list } = await listWithItems();
		const field = { name: 'Flag', slug: 'flag', type: 'bool', is_required: 'false' };
		expect((await user.api.call('addListSchemaField', { schema_id: list.id, field }, { as: 'form' })).status).toBe(204);
		expect((await listOf(user, list.id)).fields.flag).toMatchObject({ type: 'bool', is_required: false });
	});

	test('§4.7 §3 existing records do not change', async () => {
		const { user, list } = await listWithItems();
		const before = await itemsOf(list.id);
		await user.api.call('addListSchemaField', { schema_id: list.id, field: { name: 'Notes', slug: 'notes', type: 'string' } });
		expect(await itemsOf(list.id)).toEqual(before);
	});

	test('§4.7 a required new field must be filled on every later record addition', async () => {
		const { user, list } = await listWithItems();
		await user.api.call('addListSchemaField', { schema_id: list.id, field: { name: 'Notes', slug: 'notes', type: 'string' } });
		const missing = await t.admin.request('POST', `/lists/${list.id}/items`, { values: { title: 'Third' } });
		expectInvalid(missing, ['values.notes']);
		await createListItemForTest(t, list.id, { title: 'Third', notes: 'filled' });
	});

	test('§4.7 a slug already in the list: 422 on field.slug, nothing added', async () => {
		const { user, list } = await listWithItems();
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
		const { user, list } = await listWithItems();
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
		const { user, list } = await listWithItems();
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
		const { user, list } = await listWithItems();
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
		const { user, list } = await listWithItems();
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
		const { user, project, list } = await listWithItems();
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

describe('§2.1 updated_at follows field changes', () => {
	test('§2.1 §4.7 §4.8 adding or deleting a field moves updated_at; created_at stays', async () => {
		const { user, list } = await listWithItems();
		const past = new Date('2020-01-01T00:00:00Z');
		const models = t.server.database.models;
		const stored = await models.lists.findById(list.id, { _id: 1 }).lean();
		// Straight to the collection: mongoose would refuse to rewrite `createdAt`.
		const backdate = () =>
			models.lists.collection.updateOne({ _id: stored!._id }, { $set: { createdAt: past, updatedAt: past } });

		await backdate();
		await user.api.call('addListSchemaField', { schema_id: list.id, field: { name: 'Notes', slug: 'notes', type: 'string' } });
		const added = await listOf(user, list.id);
		expect(added.created_at).toBe('2020-01-01T00:00:00+00:00');
		expect(Date.parse(added.updated_at)).toBeGreaterThan(past.getTime());

		await backdate();
		await user.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'notes' });
		const deleted = await listOf(user, list.id);
		expect(deleted.created_at).toBe('2020-01-01T00:00:00+00:00');
		expect(Date.parse(deleted.updated_at)).toBeGreaterThan(past.getTime());
	});
});

describe('§4.8 deleteListSchemaField', () => {
	test('§4.8 §3 204; the field is removed and its values erased in every record; other values stay', async () => {
		const { user, list } = await listWithItems();
		const res = await user.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'price' });
		expect(res.status).toBe(204);
		expect(res.data).toBe('');
		const raw = await rawCall(t, user.apiKey, 'getListSchema', { schema_id: list.id });
		expect(fieldSlugsInOrder(raw.text)).toEqual(['title', '2024']);
		expect((await itemsOf(list.id)).map((item) => item.values)).toEqual([{ title: 'First', 2024: 7 }, { title: 'Second' }]);
		const stored = await storedItemsOf(t, list.id);
		expect(stored.every((item) => !Object.prototype.hasOwnProperty.call(item.values, 'price'))).toBe(true);
	});

	test('§4.8 a digit slug is deleted like any other', async () => {
		const { user, list } = await listWithItems();
		expect((await user.api.call('deleteListSchemaField', { schema_id: list.id, slug: '2024' }, { verb: 'GET' })).status).toBe(
			204,
		);
		expect(Object.keys((await listOf(user, list.id)).fields)).toEqual(['title', 'price']);
		expect((await itemsOf(list.id)).map((item) => item.values)).toEqual([
			{ title: 'First', price: 1500 },
			{ title: 'Second', price: 250 },
		]);
	});

	test('§4.8 irreversible: adding the slug again brings no old value back', async () => {
		const { user, list } = await listWithItems();
		await user.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'price' });
		const field = { name: 'Price', slug: 'price', type: 'money', currency: 'EUR', is_required: false };
		expect((await user.api.call('addListSchemaField', { schema_id: list.id, field })).status).toBe(204);
		expect((await itemsOf(list.id)).map((item) => item.values)).toEqual([{ title: 'First', 2024: 7 }, { title: 'Second' }]);
	});

	test('§4.8 the last field can be deleted as well', async () => {
		const { user, project } = await createUserWithBot(t);
		const list = await createListForTest(user, { project_uuid: project.uuid });
		expect((await user.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'title' })).status).toBe(204);
		expect((await listOf(user, list.id)).fields).toEqual({});
	});

	test('§4.8 no such slug: 422 on slug, nothing changed', async () => {
		const { user, list } = await listWithItems();
		const before = await itemsOf(list.id);
		for (const slug of ['nope', 'Title', 'values', '2025']) {
			expectInvalid(await user.api.call('deleteListSchemaField', { schema_id: list.id, slug }), ['slug']);
		}
		expectInvalid(await user.api.call('deleteListSchemaField', { schema_id: list.id }), ['slug']);
		expectInvalid(await user.api.call('deleteListSchemaField', { schema_id: list.id, 'slug[$ne]': 'x' }, { verb: 'GET' }), [
			'slug',
		]);
		expectInvalid(await user.api.call('deleteListSchemaField', { schema_id: list.id, slug: { $exists: true } }), ['slug']);
		expect(Object.keys((await listOf(user, list.id)).fields)).toHaveLength(3);
		expect(await itemsOf(list.id)).toEqual(before);
	});

	test('§4.8 a missing list: 404; another’s or an invited project’s list: 403; nothing erased', async () => {
		const { user, project, list } = await listWithItems();
		const before = await itemsOf(list.id);
		expectListNotFound(await user.api.call('deleteListSchemaField', { schema_id: 'missing', slug: 'price' }));
		const stranger = await createUser(t);
		const member = await createUser(t);
		await inviteToProject(t, project, member);
		expectForbidden(await stranger.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'price' }));
		expectForbidden(await member.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'price' }));
		expect(Object.keys((await listOf(user, list.id)).fields)).toHaveLength(3);
		expect(await itemsOf(list.id)).toEqual(before);
	});

	test('§4.8 only this list’s records lose the values', async () => {
		const { user, project, list } = await listWithItems();
		const other = await createListForTest(user, { project_uuid: project.uuid }, FIELDS);
		await createListItemForTest(t, other.id, { title: 'Other', price: 99 });
		await user.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'price' });
		expect((await itemsOf(other.id)).map((item) => item.values)).toEqual([{ title: 'Other', price: 99 }]);
	});

	test('§3 §4.8 ten parallel deletions of one slug: exactly one 204, the others 422 on slug', async () => {
		const { user, list } = await listWithItems();
		const results = await Promise.all(
			Array.from({ length: 10 }, () => user.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'price' })),
		);
		expect(results.filter((res) => res.status === 204)).toHaveLength(1);
		for (const res of results.filter((res) => res.status !== 204)) expectInvalid(res, ['slug']);
		expect(fieldSlugsInOrder((await rawCall(t, user.apiKey, 'getListSchema', { schema_id: list.id })).text)).toEqual([
			'title',
			'2024',
		]);
	});

	test('§3 §4.8 a field added again while deletions race is never removed or erased by them', async () => {
		const { user, list } = await listWithItems();
		const field = { name: 'Price again', slug: 'price', type: 'string', is_required: false };
		const [deletions, readds] = await Promise.all([
			Promise.all([1, 2, 3].map(() => user.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'price' }))),
			Promise.all([1, 2, 3].map(() => user.api.call('addListSchemaField', { schema_id: list.id, field }))),
		]);
		expect(deletions.filter((res) => res.status === 204)).toHaveLength(1);
		const added = readds.filter((res) => res.status === 204).length;
		expect(added).toBeLessThanOrEqual(1);
		const fields = (await listOf(user, list.id)).fields;
		// Whatever the order, the old money field is gone, and a field added again is the new one, intact.
		if (added === 1) expect(fields.price).toMatchObject({ name: 'Price again', type: 'string' });
		else expect(fields).not.toHaveProperty('price');
		expect((await itemsOf(list.id)).map((item) => item.values)).toEqual([{ title: 'First', 2024: 7 }, { title: 'Second' }]);
		// A value written to the new field survives the deletion that raced it.
		if (added === 1) {
			await createListItemForTest(t, list.id, { title: 'Third', price: 'kept' });
			expect((await itemsOf(list.id)).at(-1)?.values).toEqual({ title: 'Third', price: 'kept' });
		}
	});

	test('§4.8 a deletion interrupted after claiming the field: hidden from reads, finished at start-up', async () => {
		const { user, list } = await listWithItems();
		const models = t.server.database.models;
		// The claim, as deleteListSchemaField makes it, and nothing after it.
		await models.lists.updateOne(
			{ _id: list.id, 'fields.slug': 'price' },
			{ $set: { 'fields.$.deletion': new Types.ObjectId() } },
		);
		expect(fieldSlugsInOrder((await rawCall(t, user.apiKey, 'getListSchema', { schema_id: list.id })).text)).toEqual([
			'title',
			'2024',
		]);
		expectInvalid(await user.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'price' }), ['slug']);
		const restarted = await startServerOnSameDatabase(t);
		try {
			const stored = await models.lists.findById(list.id).lean();
			expect(stored!.fields.map((field) => field.slug)).toEqual(['title', '2024']);
			expect((await storedItemsOf(t, list.id)).map((item) => item.values)).toEqual([
				{ title: 'First', 2024: 7 },
				{ title: 'Second' },
			]);
		} finally {
			await restarted.server.close();
		}
		// The slug is free again.
		const field = { name: 'Price', slug: 'price', type: 'string', is_required: false };
		expect((await user.api.call('addListSchemaField', { schema_id: list.id, field })).status).toBe(204);
	});
});

describe('records through the admin API (value formats: this server’s choice, the spec shows none)', () => {
	test('§4.7 required fields are enforced; unknown slugs and wrong value types are refused per key', async () => {
		const { list } = await listWithItems();
		expectInvalid(await t.admin.request('POST', `/lists/${list.id}/items`, { values: {} }), ['values.title']);
		expectInvalid(await t.admin.request('POST', `/lists/${list.id}/items`, { values: { title: null } }), ['values.title']);
		expectInvalid(await t.admin.request('POST', `/lists/${list.id}/items`, {}), ['values']);
		expectInvalid(await t.admin.request('POST', `/lists/${list.id}/items`, { values: { title: 'T', ghost: 1 } }), [
			'values.ghost',
		]);
		expectInvalid(await t.admin.request('POST', `/lists/${list.id}/items`, { values: { title: 5, 2024: 'x', price: 1.5 } }), [
			'values.title',
			'values.2024',
			'values.price',
		]);
		expect(await itemsOf(list.id)).toHaveLength(2);
	});

	test('one JSON type per field type', async () => {
		const { user, project } = await createUserWithBot(t);
		const types = ['string', 'number', 'bool', 'date', 'datetime', 'money', 'file', 'image', 'contact', 'bot'];
		const list = await createListForTest(
			user,
			{ project_uuid: project.uuid },
			types.map((type) => ({ name: type, slug: type, type, is_required: false })),
		);
		const good = {
			string: 'text',
			number: 1.25,
			bool: false,
			date: '2024-02-29',
			datetime: '2024-02-29T10:00:00+03:00',
			money: 15000,
			file: 'https://example.com/a.pdf',
			image: 'https://example.com/a.png',
			contact: 12,
			bot: 3,
		};
		const item = await createListItemForTest(t, list.id, good);
		expect(item.values).toEqual(good);
		const bad = {
			string: 1,
			number: '1',
			bool: 'yes',
			date: '2024-02-30',
			datetime: '2024-02-29 10:00',
			money: 1.5,
			file: 'ftp://example.com/a',
			image: 'not a url',
			contact: 0,
			bot: -1,
		};
		expectInvalid(
			await t.admin.request('POST', `/lists/${list.id}/items`, { values: bad }),
			types.map((type) => `values.${type}`),
		);
	});

	test('an unknown list: 404', async () => {
		expect((await t.admin.request('GET', '/lists/0123456789abcdef01234567/items')).status).toBe(404);
		expect((await t.admin.request('POST', '/lists/nope/items', { values: {} })).status).toBe(404);
	});
});
