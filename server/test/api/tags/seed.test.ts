/** The seed file's tags (§10.1): IDs in file order, usable by the tag methods. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ApiClient } from '../../support/api-client';
import { startTestServer, type TestServer } from '../../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

test("§10.1 a seed file gives its contacts' tags IDs in file order, from bot_id × 100000 + 1", async () => {
	const seed = JSON.parse(readFileSync(path.resolve(__dirname, '../../../examples/seed.json'), 'utf8'));
	seed.contacts[1].tags = ['promo', 'vip'];
	const seeded = await startTestServer({}, undefined, seed);
	try {
		const { data } = await seeded.admin.expect(200, 'GET', '/bots/1');
		expect(data.tags).toEqual([
			{ id: 100001, name: 'vip' },
			{ id: 100002, name: 'promo' },
		]);
		const alice = new ApiClient(seeded.url, seed.users[0].api_key);
		expect((await alice.call('getBotTags', { bot_id: 1 })).data).toEqual({ data: ['vip', 'promo'] });
		expect((await alice.call('detachTagFromContact', { contact_id: 2, tag_id: 100002 })).status).toBe(204);
		expect((await alice.call('getContactTags', { contact_id: 2 })).data).toEqual({ data: ['vip'] });
	} finally {
		await seeded.close();
	}
});
