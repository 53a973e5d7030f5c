/**
 * deleteListSchema (§4.6), addListSchemaField (§4.7), deleteListSchemaField (§4.8), and what they do to a
 * list's records (§3), with records made through the admin API.
 */
import { createUserWithBot, createListForTest, createListItemForTest } from '../support/factories';
import { expectInvalid } from '../support/lists';
import { startTestServer, type TestServer } from '../support/test-server';
import { itemsOf, listWithItems } from '../api/lists/fields-helpers';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('records through the admin API (value formats: this server’s choice, the spec shows none)', () => {
	test('§4.7 required fields are enforced; unknown slugs and wrong value types are refused per key', async () => {
		const { list } = await listWithItems(t);
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
		expect(await itemsOf(t, list.id)).toHaveLength(2);
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
