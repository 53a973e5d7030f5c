/** What the lists tests split from lists-fields.test.ts share. */
import {
	createListForTest,
	createListItemForTest,
	createUserWithBot,
	type TestListField,
	type TestUser,
} from '../../support/factories';
import type { TestServer } from '../../support/test-server';

export const FIELDS: TestListField[] = [
	{ name: 'Title', slug: 'title', type: 'string' },
	{ name: 'Year', slug: '2024', type: 'number', is_required: false },
	{ name: 'Price', slug: 'price', type: 'money', currency: 'EUR', is_required: false },
];

export async function listOf(user: TestUser, id: string) {
	const res = await user.api.call('getListSchema', { schema_id: id });
	expect(res.status).toBe(200);
	return res.data.data;
}

/** An owner with a list of FIELDS and two records. */
export async function listWithItems(t: TestServer) {
	const { user, project, bot } = await createUserWithBot(t);
	const list = await createListForTest(user, { project_uuid: project.uuid }, FIELDS);
	const items = [
		await createListItemForTest(t, list.id, { title: 'First', 2024: 7, price: 1500 }),
		await createListItemForTest(t, list.id, { title: 'Second', price: 250 }),
	];
	return { user, project, bot, list, items };
}

/** A list's records as the admin API shows them. */
export async function itemsOf(t: TestServer, id: string) {
	return (await t.admin.expect(200, 'GET', `/lists/${id}/items`)).data as {
		id: string;
		values: Record<string, unknown>;
		updated_at: string;
	}[];
}
