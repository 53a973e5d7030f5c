/** getListSchemas (§4.3, §4.2) and getListSchema (§4.4): pages, order, tenant isolation, 404/403, injection. */
import { createUser, createUserWithBot, createListForTest } from '../../support/factories';
import { expectInvalid } from '../../support/lists';
import { startTestServer, type TestServer } from '../../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§7.1 operator injection in schema_id leaks nothing', () => {
	const METHODS = ['getListSchema', 'deleteListSchema', 'addListSchemaField', 'deleteListSchemaField'];
	const FIELD = { name: 'Injected', slug: 'injected', type: 'string' };

	test.each(METHODS)(
		'%s: schema_id[$ne]=x (query, form) and {"schema_id": {"$ne": null}} (JSON) are 422 on schema_id',
		async (method) => {
			const { user, project } = await createUserWithBot(t);
			const stranger = await createUser(t);
			const ownList = await createListForTest(user, { project_uuid: project.uuid });
			const extra =
				method === 'addListSchemaField' ? { field: FIELD } : method === 'deleteListSchemaField' ? { slug: 'title' } : {};
			const attempts = await Promise.all([
				stranger.api.call(method, { 'schema_id[$ne]': 'x', ...extra }, { verb: 'GET' }),
				stranger.api.call(method, { 'schema_id[$ne]': 'x', ...extra }, { as: 'form' }),
				stranger.api.call(method, { schema_id: { $ne: null }, ...extra }),
				stranger.api.call(method, { schema_id: { $regex: '.*' }, ...extra }),
				stranger.api.call(method, { schema_id: [ownList.id], ...extra }),
				user.api.call(method, { schema_id: { $ne: null }, ...extra }),
			]);
			for (const res of attempts) {
				expectInvalid(res, ['schema_id']);
				expect(JSON.stringify(res.data)).not.toContain(ownList.id);
			}
			// Nothing changed.
			const after = await user.api.call('getListSchema', { schema_id: ownList.id });
			expect(after.data.data).toEqual(ownList);
		},
	);
});
