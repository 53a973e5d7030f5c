/**
 * deleteListSchema (§4.6), addListSchemaField (§4.7), deleteListSchemaField (§4.8), and what they do to a
 * list's records (§3), with records made through the admin API.
 */
import { startTestServer, type TestServer } from '../../support/test-server';
import { listOf, listWithItems } from './fields-helpers';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§2.1 updated_at follows field changes', () => {
	test('§2.1 §4.7 §4.8 adding or deleting a field moves updated_at; created_at stays', async () => {
		const { user, list } = await listWithItems(t);
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
