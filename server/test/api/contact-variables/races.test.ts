/** Contact variables under parallel calls (§11.4): one variable per name, also across two server instances. */
import { createUserWithBot, createContact } from '../../support/factories';
import { databaseUriOf, startTestServer, type TestServer } from '../../support/test-server';
import { variablesOf } from './helpers';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§11.4 races', () => {
	test('20 parallel sets of one new name: one 201, nineteen 200, one variable', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		const results = await Promise.all(
			Array.from({ length: 20 }, (_, i) =>
				owner.api.call('setContactVariable', { contact_id: contact.id, name: 'race', value: `v${i}` }),
			),
		);
		expect(results.map((res) => res.status).sort()).toEqual([...Array(19).fill(200), 201].sort());
		expect(new Set(results.map((res) => res.data.data.id))).toEqual(new Set([1]));
		const variables = await variablesOf(owner, contact.id);
		expect(variables).toHaveLength(1);
		expect(results.map((res) => res.data.data.value)).toContain(variables[0].value);
	});

	test('two server instances on one database: parallel sets of 10 new names, each twice, make 10 variables with distinct IDs', async () => {
		const other = await startTestServer({ mongodbUri: databaseUriOf(t) });
		try {
			const { user: owner, bot } = await createUserWithBot(t);
			const contact = await createContact(t, bot);
			const names = Array.from({ length: 10 }, (_, i) => `n${i}`);
			const results = await Promise.all(
				[...names, ...names].map((name, i) =>
					(i % 2 ? owner.api.onServer(other.url) : owner.api).call('setContactVariable', {
						contact_id: contact.id,
						name,
						value: 'v',
					}),
				),
			);
			expect(results.filter((res) => res.status === 201)).toHaveLength(10);
			expect(results.filter((res) => res.status === 200)).toHaveLength(10);
			const variables = await variablesOf(owner, contact.id);
			expect(variables.map((v: { name: string }) => v.name).sort()).toEqual([...names].sort());
			expect(new Set(variables.map((v: { id: number }) => v.id)).size).toBe(10);
		} finally {
			// Not `close()`: that drops the database the first instance still uses.
			await other.server.close();
		}
	});
});
