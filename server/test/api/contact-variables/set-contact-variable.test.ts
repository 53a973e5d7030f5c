/** setContactVariable (§11.4). */
import { createUserWithBot, createContact } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';
import { variablesOf, contactVariablesOf, item } from './helpers';
import { documentsSpecParameters, STRING_255 } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§11.4 setContactVariable', () => {
	test('§11.4 §14.7 a new name: 201 with the variable, deletable false by default; seen in the contact object (§2.4)', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot, { variables: [{ name: 'old', value: 'x' }] });
		const res = await owner.api.call('setContactVariable', { contact_id: contact.id, name: 'plan', value: 'gold' });
		expect(res.status).toBe(201);
		expect(res.data).toEqual({ data: item(2, 'plan', 'gold') });
		expect(await variablesOf(owner, contact.id)).toEqual([item(1, 'old', 'x', true), item(2, 'plan', 'gold')]);
		const own = await contactVariablesOf(owner, bot.id, contact.id);
		expect(own[1]).toEqual({ id: 2, name: 'plan', value: 'gold', type: 0, schema_id: null, deletable: false, payload: null });
	});

	test('§14.7 the same name again: 200, value replaced, ID kept; omitted deletable keeps the flag, a sent one changes it', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
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
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		const set = (name: string, value: unknown) => owner.api.call('setContactVariable', { contact_id: contact.id, name, value });
		expect((await set('n', 42.5)).data.data.value).toBe('42.5');
		expect((await set('b', true)).data.data.value).toBe('true');
		expect((await set('utm_campaign', 'spring')).status).toBe(201);
		const exported = await owner.api.call('getContacts', { bot_id: bot.id, offset: 0, limit: 10 });
		expect(exported.data.data[0].utm).toEqual({ utm_campaign: 'spring' });
	});

	test('§14.9 IDs are never reused after a delete', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
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
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		const res = await owner.api.call('setContactVariable', { contact_id: contact.id, ...params });
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors)).toEqual(keys);
		expect(await variablesOf(owner, contact.id)).toEqual([]);
	});

	test('§14.7 names and values are kept as sent, also characters that mean something to MongoDB', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		const res = await owner.api.call('setContactVariable', { contact_id: contact.id, name: '$name.x', value: '$value' });
		expect(res.data.data).toEqual(item(1, '$name.x', '$value'));
		expect(await variablesOf(owner, contact.id)).toEqual([item(1, '$name.x', '$value')]);
	});
});

test('§4.1 §11.4 setContactVariable creates and replaces the same by GET with a query string and by form POST', async () => {
	const { user: owner, bot } = await createUserWithBot(t);
	const contact = await createContact(t, bot);
	for (const [verb, options] of [
		['query', { verb: 'GET' }],
		['form', { as: 'form' }],
	] as const) {
		const variable = { contact_id: contact.id, name: verb, value: 'first' };
		const created = await owner.api.call('setContactVariable', variable, options);
		expect(created).toMatchObject({ status: 201, data: { data: { name: verb, value: 'first' } } });
		const replaced = await owner.api.call('setContactVariable', { ...variable, value: 'second' }, options);
		expect(replaced).toMatchObject({ status: 200, data: { data: { id: created.data.data.id, name: verb, value: 'second' } } });
	}
});

documentsSpecParameters('setContactVariable', () => t, [
	['contact_id', true, 'integer', { minimum: 1 }],
	['name', true, 'string', STRING_255],
	['value', true, 'string', { maxLength: 65_535 }],
	['deletable', false, 'boolean'],
]);

countsCommands('setContactVariable', {
	create: async (server) => {
		const { user, bot } = await createUserWithBot(server);
		const contact = await createContact(server, bot);
		return {
			user,
			status: 201,
			call: () => user.api.call('setContactVariable', { contact_id: contact.id, name: 'city', value: 'Kazan' }),
		};
	},
	update: async (server) => {
		const { user, bot } = await createUserWithBot(server);
		const contact = await createContact(server, bot, { variables: [{ name: 'city', value: 'Kazan' }] });
		return {
			user,
			status: 200,
			call: () => user.api.call('setContactVariable', { contact_id: contact.id, name: 'city', value: 'Oslo' }),
		};
	},
});
