/** List items between users (§12): each sees only its own. */
import { expectForbidden } from '../../support/lists';
import { listOf, add, ids } from './items-helpers';
import { startTestServer, type TestServer } from '../../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§12 isolation between users', () => {
	test('§12 two users with lists of the same slugs see only their own items', async () => {
		const one = await listOf(t);
		const two = await listOf(t);
		const mine = await add(one.user, one.list.id, { title: 'Mine' });
		await add(two.user, two.list.id, { title: 'Theirs' });
		expect(ids(await one.user.api.call('getListItems', { schema_id: one.list.id }))).toEqual([mine.id]);
		expectForbidden(await two.user.api.call('getListItems', { schema_id: one.list.id }));
	});
});
