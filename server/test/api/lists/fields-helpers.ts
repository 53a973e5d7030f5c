/** What the lists tests split from lists-fields.test.ts share. */
import { type TestUser, type TestListField } from '../../support/factories';

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
