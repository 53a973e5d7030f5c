/** What the list item tests share: a list of orders, an item added through the API, the 404 of a missing item. */
import { createUserWithBot, createListForTest, type TestUser, type TestListField } from '../../support/factories';
import type { HttpResponse } from '../../support/http';
import type { TestServer } from '../../support/test-server';

export const ORDER_FIELDS: TestListField[] = [
	{ name: 'Title', slug: 'title', type: 'string' },
	{ name: 'Qty', slug: 'qty', type: 'number', is_required: false },
	{ name: 'Paid', slug: 'paid', type: 'bool', is_required: false },
	{ name: 'Status', slug: 'status', type: 'string', is_required: false },
];

/** A new user with a bot, and a list in its project. */
export async function listOf(t: TestServer, fields: TestListField[] = ORDER_FIELDS) {
	const { user, project, bot } = await createUserWithBot(t);
	const list = await createListForTest(user, { project_uuid: project.uuid }, fields);
	return { user, project, bot, list };
}

export async function add(user: TestUser, schemaId: string, data: Record<string, unknown>) {
	const res = await user.api.call('addListItem', { schema_id: schemaId, data });
	if (res.status !== 201) throw new Error(`addListItem: expected 201, got ${res.status} ${JSON.stringify(res.data)}`);
	return res.data.data as Record<string, unknown> & { id: string; created_at: string; updated_at: string };
}

/** §12.8: 404 with `message`, `error` and `errors.item_id`, one text in all three. */
export function expectItemNotFound(res: HttpResponse) {
	expect(res.status).toBe(404);
	expect(res.data).toEqual({ message: expect.any(String), error: expect.any(String), errors: { item_id: [expect.any(String)] } });
	expect(res.data.error).toBe(res.data.message);
}

export const ids = (res: HttpResponse) => (res.data.data as { id: string }[]).map((item) => item.id);

/** The list the command counts use (`countsCommands`): a text field, an optional contact field, and three items. */
export async function countedItemsList(t: TestServer) {
	const { user, bot, list } = await listOf(t, [
		{ name: 'Title', slug: 'title', type: 'string' },
		{ name: 'Client', slug: 'client', type: 'contact', is_required: false },
	]);
	const items = [];
	for (const title of ['counted', 'more 0', 'more 1']) items.push(await add(user, list.id, { title }));
	return { user, bot, list, items };
}
