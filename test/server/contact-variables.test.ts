/** Contact variables (§11, §14.5 to §14.9): shapes, one set with the contact object, access, verbs, races. */
import { createAccountWithBot, createContact, type TestAccount } from '../support/factories';
import { databaseUriOf, startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

const variablesOf = async (owner: TestAccount, contactId: number) => {
	const res = await owner.api.call('getContactVariables', { contact_id: contactId });
	expect(res.status).toBe(200);
	return res.data.data;
};

/** The contact object's `variables` (§2.4), as getContacts exports it. */
const contactVariablesOf = async (owner: TestAccount, botId: number, contactId: number) => {
	const res = await owner.api.call('getContacts', { bot_id: botId, offset: 0, limit: 100 });
	return res.data.data.find((contact: { id: number }) => contact.id === contactId).variables;
};

const item = (id: number, name: string, value: string | null, deletable = false) => ({
	id,
	name,
	value,
	deletable,
	variable: { id, name },
});

describe('§11.3 getContactVariables', () => {
	test('§11.3 §14.6 the variables in ID order, in the CleverApp/Watbot shape, with the IDs of the contact object', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot, {
			variables: [
				{ name: 'city', value: 'Kazan' },
				{ name: 'utm_source', value: 'ads' },
			],
		});
		const res = await owner.api.call('getContactVariables', { contact_id: contact.id });
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ data: [item(1, 'city', 'Kazan', true), item(2, 'utm_source', 'ads', true)] });
		const own = await contactVariablesOf(owner, bot.id, contact.id);
		expect(own.map((v: { id: number; name: string }) => [v.id, v.name])).toEqual([
			[1, 'city'],
			[2, 'utm_source'],
		]);
	});

	test('§11.3 §14.1 a contact without variables: an empty list, by GET query and by form POST too', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot);
		for (const options of [{}, { verb: 'GET' as const }, { as: 'form' as const }]) {
			expect((await owner.api.call('getContactVariables', { contact_id: contact.id }, options)).data).toEqual({ data: [] });
		}
	});

	test('§11.3 §11.6 contact_id missing: 422 with errors.contact_id', async () => {
		const { account: owner } = await createAccountWithBot(t);
		const res = await owner.api.call('getContactVariables', {});
		expect(res.status).toBe(422);
		expect(res.data).toEqual({ message: expect.any(String), errors: { contact_id: [expect.any(String)] } });
	});
});

describe('§11.4 setContactVariable', () => {
	test('§11.4 §14.7 a new name: 201 with the variable, deletable false by default; seen in the contact object (§2.4)', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot, { variables: [{ name: 'old', value: 'x' }] });
		const res = await owner.api.call('setContactVariable', { contact_id: contact.id, name: 'plan', value: 'gold' });
		expect(res.status).toBe(201);
		expect(res.data).toEqual({ data: item(2, 'plan', 'gold') });
		expect(await variablesOf(owner, contact.id)).toEqual([item(1, 'old', 'x', true), item(2, 'plan', 'gold')]);
		const own = await contactVariablesOf(owner, bot.id, contact.id);
		expect(own[1]).toEqual({ id: 2, name: 'plan', value: 'gold', type: 0, schema_id: null, deletable: false, payload: null });
	});

	test('§14.7 the same name again: 200, value replaced, ID kept; omitted deletable keeps the flag, a sent one changes it', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot);
		const set = (params: Record<string, unknown>, options = {}) =>
			owner.api.call('setContactVariable', { contact_id: contact.id, name: 'plan', ...params }, options);
		expect((await set({ value: 'gold', deletable: 1 })).data.data).toEqual(item(1, 'plan', 'gold', true));
		const again = await set({ value: 'silver' });
		expect(again.status).toBe(200);
		expect(again.data).toEqual({ data: item(1, 'plan', 'silver', true) });
		expect((await set({ value: 'bronze', deletable: 'false' }, { as: 'form' })).data.data).toEqual(item(1, 'plan', 'bronze'));
		expect((await set({ value: 'iron', deletable: true }, { verb: 'GET' })).data.data).toEqual(item(1, 'plan', 'iron', true));
		expect(await variablesOf(owner, contact.id)).toEqual([item(1, 'plan', 'iron', true)]);
	});

	test('§14.7 a number or boolean value is stored as its text; the utm object follows utm_ variables (§2.4)', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot);
		const set = (name: string, value: unknown) => owner.api.call('setContactVariable', { contact_id: contact.id, name, value });
		expect((await set('n', 42.5)).data.data.value).toBe('42.5');
		expect((await set('b', true)).data.data.value).toBe('true');
		expect((await set('utm_campaign', 'spring')).status).toBe(201);
		const exported = await owner.api.call('getContacts', { bot_id: bot.id, offset: 0, limit: 10 });
		expect(exported.data.data[0].utm).toEqual({ utm_campaign: 'spring' });
	});

	test('§14.9 IDs are never reused after a delete', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot);
		const set = (name: string) => owner.api.call('setContactVariable', { contact_id: contact.id, name, value: 'v' });
		expect((await set('a')).data.data.id).toBe(1);
		expect((await set('b')).data.data.id).toBe(2);
		expect((await owner.api.call('deleteContactVariable', { contact_id: contact.id, name: 'b' })).status).toBe(204);
		expect((await set('c')).data.data.id).toBe(3);
		// The highest ID given out is kept on the contact, never shown in the contact object (§2.4), in either mode.
		for (const params of [
			{ bot_id: bot.id, offset: 0, limit: 10 },
			{ bot_id: bot.id, page: 1 },
		]) {
			const [exported] = (await owner.api.call('getContacts', params)).data.data;
			expect(Object.keys(exported)).not.toContain('lastVariableId');
			expect(exported.variables.map((v: { id: number }) => v.id)).toEqual([1, 3]);
		}
	});

	test.each([
		['name missing', { value: 'v' }, ['name']],
		['value missing', { name: 'n' }, ['value']],
		['value null', { name: 'n', value: null }, ['value']],
		['name too long', { name: 'x'.repeat(256), value: 'v' }, ['name']],
		['value too long', { name: 'n', value: 'x'.repeat(65_536) }, ['value']],
		['value an object', { name: 'n', value: { $set: 1 } }, ['value']],
		['value an array', { name: 'n', value: ['a'] }, ['value']],
		['deletable not a flag', { name: 'n', value: 'v', deletable: 'maybe' }, ['deletable']],
	])('§11.6 %s: 422 under its key, and nothing changes', async (_case, params, keys) => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot);
		const res = await owner.api.call('setContactVariable', { contact_id: contact.id, ...params });
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors)).toEqual(keys);
		expect(await variablesOf(owner, contact.id)).toEqual([]);
	});

	test('§14.7 names and values are kept as sent, also characters that mean something to MongoDB', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot);
		const res = await owner.api.call('setContactVariable', { contact_id: contact.id, name: '$name.x', value: '$value' });
		expect(res.data.data).toEqual(item(1, '$name.x', '$value'));
		expect(await variablesOf(owner, contact.id)).toEqual([item(1, '$name.x', '$value')]);
	});
});

describe('§11.5 deleteContactVariable', () => {
	test('§11.5 §14.2 by name or by id: 204, gone from both views', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot, {
			variables: [
				{ name: 'a', value: '1' },
				{ name: 'b', value: '2' },
				{ name: 'c', value: '3' },
			],
		});
		const byName = await owner.api.call('deleteContactVariable', { contact_id: contact.id, name: 'a' });
		expect([byName.status, byName.data]).toEqual([204, '']);
		expect((await owner.api.call('deleteContactVariable', { contact_id: contact.id, id: '3' }, { as: 'form' })).status).toBe(204);
		expect(await variablesOf(owner, contact.id)).toEqual([item(2, 'b', '2', true)]);
		expect((await contactVariablesOf(owner, bot.id, contact.id)).map((v: { id: number }) => v.id)).toEqual([2]);
	});

	test('§14.8 id wins over name; no match is 404 under the key that chose', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot, {
			variables: [
				{ name: 'a', value: '1' },
				{ name: 'b', value: '2' },
			],
		});
		expect((await owner.api.call('deleteContactVariable', { contact_id: contact.id, id: 2, name: 'a' })).status).toBe(204);
		expect((await variablesOf(owner, contact.id)).map((v: { name: string }) => v.name)).toEqual(['a']);
		const byId = await owner.api.call('deleteContactVariable', { contact_id: contact.id, id: 2, name: 'a' });
		expect(byId.status).toBe(404);
		expect(byId.data).toEqual({ message: expect.any(String), errors: { id: [byId.data.message] } });
		const byName = await owner.api.call('deleteContactVariable', { contact_id: contact.id, name: 'zzz' });
		expect(byName.status).toBe(404);
		expect(Object.keys(byName.data.errors)).toEqual(['name']);
		expect((await variablesOf(owner, contact.id)).map((v: { name: string }) => v.name)).toEqual(['a']);
	});

	test('§11.6 neither id nor name: 422 under both', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const contact = await createContact(t, bot);
		const res = await owner.api.call('deleteContactVariable', { contact_id: contact.id });
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors).sort()).toEqual(['id', 'name']);
	});
});

describe('§14.5 access', () => {
	test('§14.5 missing or deleted contact: 404 errors.contact_id; another user: 403 {error}; nothing changes', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
		const { account: stranger } = await createAccountWithBot(t);
		const contact = await createContact(t, bot, { variables: [{ name: 'a', value: '1' }] });
		const calls: [string, Record<string, unknown>][] = [
			['getContactVariables', {}],
			['setContactVariable', { name: 'a', value: 'changed' }],
			['deleteContactVariable', { name: 'a' }],
		];
		for (const [method, params] of calls) {
			const missing = await owner.api.call(method, { contact_id: 999_999_999, ...params });
			expect({ method, status: missing.status, keys: Object.keys(missing.data.errors) }).toEqual({
				method,
				status: 404,
				keys: ['contact_id'],
			});
			const foreign = await stranger.api.call(method, { contact_id: contact.id, ...params });
			expect({ method, status: foreign.status, body: foreign.data }).toEqual({
				method,
				status: 403,
				body: { error: expect.any(String) },
			});
		}
		expect(await variablesOf(owner, contact.id)).toEqual([item(1, 'a', '1', true)]);
		await t.admin.expect(204, 'DELETE', `/contacts/${contact.id}`);
		for (const [method, params] of calls) {
			expect((await owner.api.call(method, { contact_id: contact.id, ...params })).status).toBe(404);
		}
	});
});

describe('§11.4 races', () => {
	test('20 parallel sets of one new name: one 201, nineteen 200, one variable', async () => {
		const { account: owner, bot } = await createAccountWithBot(t);
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
			const { account: owner, bot } = await createAccountWithBot(t);
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
