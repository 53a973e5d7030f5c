/** Tags under parallel calls (§10.1, §10.5): one tag per name, also across two server instances. */
import { createUserWithBot, createContact } from '../../support/factories';
import { databaseUriOf, startTestServer, type TestServer } from '../../support/test-server';
import { tagsOf, botTagsOf, tagIdsOf } from './helpers';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§10.5 races', () => {
	test('20 parallel attaches of one new name to 20 contacts make one tag with one ID, on every contact', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contacts = await Promise.all(Array.from({ length: 20 }, () => createContact(t, bot)));
		const results = await Promise.all(
			contacts.map((c) => owner.api.call('attachTagToContact', { contact_id: c.id, name: 'rush' })),
		);
		expect(results.map((res) => res.status)).toEqual(Array(20).fill(204));
		expect(await botTagsOf(owner, bot)).toEqual(['rush']);
		for (const c of contacts) expect(await tagsOf(owner, c.id)).toEqual(['rush']);
	});

	test('two server instances on one database: parallel attaches of new names to one contact keep every name, each tag once', async () => {
		const other = await startTestServer({ mongodbUri: databaseUriOf(t) });
		try {
			const { user: owner, bot } = await createUserWithBot(t);
			const contact = await createContact(t, bot);
			const names = Array.from({ length: 10 }, (_, i) => `n${i}`);
			const results = await Promise.all(
				[...names, ...names].map((name, i) =>
					(i % 2 ? owner.api.onServer(other.url) : owner.api).call('attachTagToContact', { contact_id: contact.id, name }),
				),
			);
			expect(results.map((res) => res.status)).toEqual(Array(20).fill(204));
			expect((await tagsOf(owner, contact.id)).sort()).toEqual([...names].sort());
			const ids = Object.values(await tagIdsOf(t, bot));
			expect(ids).toHaveLength(10);
			expect(new Set(ids).size).toBe(10);
		} finally {
			// Not `close()`: that drops the database the first instance still uses.
			await other.server.close();
		}
	});
});
