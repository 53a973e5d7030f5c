/** deleteListSchemaField (§4.8). */
import {
	createUser,
	createUserWithBot,
	createListForTest,
	createListItemForTest,
	inviteToProject,
} from '../../support/factories';
import {
	expectForbidden,
	expectInvalid,
	expectListNotFound,
	fieldSlugsInOrder,
	rawCall,
	storedItemsOf,
} from '../../support/lists';
import { startTestServer, type TestServer } from '../../support/test-server';
import { startServerOnSameDatabase } from '../../support/contact-accounts';
import { Types } from 'mongoose';
import { FIELDS, itemsOf, listOf, listWithItems } from './fields-helpers';
import { documentsSpecParameters, STRING_255 } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§4.8 deleteListSchemaField', () => {
	test('§4.8 §3 204; the field is removed and its values erased in every record; other values stay', async () => {
		const { user, list } = await listWithItems(t);
		const res = await user.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'price' });
		expect(res.status).toBe(204);
		expect(res.data).toBe('');
		const raw = await rawCall(t, user.apiKey, 'getListSchema', { schema_id: list.id });
		expect(fieldSlugsInOrder(raw.text)).toEqual(['title', '2024']);
		expect((await itemsOf(t, list.id)).map((item) => item.values)).toEqual([{ title: 'First', 2024: 7 }, { title: 'Second' }]);
		const stored = await storedItemsOf(t, list.id);
		expect(stored.every((item) => !Object.prototype.hasOwnProperty.call(item.values, 'price'))).toBe(true);
	});

	test('§4.8 a digit slug is deleted like any other', async () => {
		const { user, list } = await listWithItems(t);
		expect((await user.api.call('deleteListSchemaField', { schema_id: list.id, slug: '2024' }, { verb: 'GET' })).status).toBe(
			204,
		);
		expect(Object.keys((await listOf(user, list.id)).fields)).toEqual(['title', 'price']);
		expect((await itemsOf(t, list.id)).map((item) => item.values)).toEqual([
			{ title: 'First', price: 1500 },
			{ title: 'Second', price: 250 },
		]);
	});

	test('§4.8 irreversible: adding the slug again brings no old value back', async () => {
		const { user, list } = await listWithItems(t);
		await user.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'price' });
		const field = { name: 'Price', slug: 'price', type: 'money', currency: 'EUR', is_required: false };
		expect((await user.api.call('addListSchemaField', { schema_id: list.id, field })).status).toBe(204);
		expect((await itemsOf(t, list.id)).map((item) => item.values)).toEqual([{ title: 'First', 2024: 7 }, { title: 'Second' }]);
	});

	test('§4.8 the last field can be deleted as well', async () => {
		const { user, project } = await createUserWithBot(t);
		const list = await createListForTest(user, { project_uuid: project.uuid });
		expect((await user.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'title' })).status).toBe(204);
		expect((await listOf(user, list.id)).fields).toEqual({});
	});

	test('§4.8 no such slug: 422 on slug, nothing changed', async () => {
		const { user, list } = await listWithItems(t);
		const before = await itemsOf(t, list.id);
		for (const slug of ['nope', 'Title', 'values', '2025']) {
			expectInvalid(await user.api.call('deleteListSchemaField', { schema_id: list.id, slug }), ['slug']);
		}
		expectInvalid(await user.api.call('deleteListSchemaField', { schema_id: list.id }), ['slug']);
		expectInvalid(await user.api.call('deleteListSchemaField', { schema_id: list.id, 'slug[$ne]': 'x' }, { verb: 'GET' }), [
			'slug',
		]);
		expectInvalid(await user.api.call('deleteListSchemaField', { schema_id: list.id, slug: { $exists: true } }), ['slug']);
		expect(Object.keys((await listOf(user, list.id)).fields)).toHaveLength(3);
		expect(await itemsOf(t, list.id)).toEqual(before);
	});

	test('§4.8 a missing list: 404; another’s or an invited project’s list: 403; nothing erased', async () => {
		const { user, project, list } = await listWithItems(t);
		const before = await itemsOf(t, list.id);
		expectListNotFound(await user.api.call('deleteListSchemaField', { schema_id: 'missing', slug: 'price' }));
		const stranger = await createUser(t);
		const member = await createUser(t);
		await inviteToProject(t, project, member);
		expectForbidden(await stranger.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'price' }));
		expectForbidden(await member.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'price' }));
		expect(Object.keys((await listOf(user, list.id)).fields)).toHaveLength(3);
		expect(await itemsOf(t, list.id)).toEqual(before);
	});

	test('§4.8 only this list’s records lose the values', async () => {
		const { user, project, list } = await listWithItems(t);
		const other = await createListForTest(user, { project_uuid: project.uuid }, FIELDS);
		await createListItemForTest(t, other.id, { title: 'Other', price: 99 });
		await user.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'price' });
		expect((await itemsOf(t, other.id)).map((item) => item.values)).toEqual([{ title: 'Other', price: 99 }]);
	});

	test('§3 §4.8 ten parallel deletions of one slug: exactly one 204, the others 422 on slug', async () => {
		const { user, list } = await listWithItems(t);
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
		const { user, list } = await listWithItems(t);
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
		expect((await itemsOf(t, list.id)).map((item) => item.values)).toEqual([{ title: 'First', 2024: 7 }, { title: 'Second' }]);
		// A value written to the new field survives the deletion that raced it.
		if (added === 1) {
			await createListItemForTest(t, list.id, { title: 'Third', price: 'kept' });
			expect((await itemsOf(t, list.id)).at(-1)?.values).toEqual({ title: 'Third', price: 'kept' });
		}
	});

	test('§4.8 a deletion interrupted after claiming the field: hidden from reads, finished at start-up', async () => {
		const { user, list } = await listWithItems(t);
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

documentsSpecParameters('deleteListSchemaField', () => t, [
	['schema_id', true, 'string'],
	['slug', true, 'string', STRING_255],
]);

countsCommands('deleteListSchemaField', async (server) => {
	const { user, project } = await createUserWithBot(server);
	const list = await createListForTest(user, { project_uuid: project.uuid }, [
		{ name: 'Title', slug: 'title', type: 'string', is_required: false },
		{ name: 'Price', slug: 'price', type: 'money', currency: 'EUR' },
	]);
	return { user, status: 204, call: () => user.api.call('deleteListSchemaField', { schema_id: list.id, slug: 'price' }) };
});
