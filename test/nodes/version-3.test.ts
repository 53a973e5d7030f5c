/**
 * Node version 3 (action node and trigger) through n8n, beside the same parameters saved with version 2: contacts
 * come Simplified, Raw or with Selected Fields; deletes answer {deleted: true}; bots, contacts and contact accounts
 * are picked from lists.
 * Each version-2 test pins today's output, which workflows saved with it keep.
 */
import type { INodeParameters } from 'n8n-workflow';
import { accountsOf } from '../../server/test/support/contact-accounts';
import {
	createUserWithBot,
	createBot,
	createContact,
	createContactAccountForTest,
	createListForTest,
} from '../../server/test/support/factories';
import { CONTACT_FIELDS } from '../../nodes/BotPlatform/actions/contact/output';
import { runNode, searchList } from './support/n8n-harness';
import { useNodeTestEnv } from './support/setup';
import { pollerFor } from './support/trigger-fixtures';

const env = useNodeTestEnv();

const fromList = (value: string | number) => ({ __rl: true, mode: 'list', value: String(value), cachedResultName: 'whatever' });
const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
const byCurrency = (value: string) => ({ __rl: true, mode: 'currency', value });

/** A Telegram contact's fields: all but the other messengers' IDs and usernames. */
const ALL_CONTACT_FIELDS = CONTACT_FIELDS.filter((field) => !/^(max_|viber_)/.test(field));
const SIMPLIFIED = ['bot_id', 'created_at', 'email', 'id', 'messenger', 'name', 'phone', 'tags', 'unsubscribed_at'];

const keysOf = (json: object) => Object.keys(json).sort();

/** Runs a version-3 node for `account`. */
const runVersion3 = (user: Parameters<typeof env.credentials>[0], parameters: INodeParameters) =>
	runNode({ credentials: env.credentials(user), typeVersion: 3, parameters });

/** A key holder with a bot, one contact of it, and that contact's account in `currency`. */
async function contactWithAccount(currency: string) {
	const { user, bot } = await createUserWithBot(env.t);
	const contact = await createContact(env.t, bot);
	return { user, contact, opened: await createContactAccountForTest(user, contact, currency) };
}

describe('Contact → Get Many: Output', () => {
	const getAll = (extra: INodeParameters = {}): INodeParameters => ({
		resource: 'contact',
		operation: 'getAll',
		returnAll: true,
		...extra,
	});

	test('version 2 returns every field of each contact, as before', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const contact = await createContact(env.t, bot, { email: 'ann@example.com', tags: ['vip'] });
		const result = await runNode({ credentials: env.credentials(user), typeVersion: 2, parameters: getAll() });
		expect(result.error).toBeUndefined();
		expect(keysOf(result.json[0])).toEqual(ALL_CONTACT_FIELDS);
		expect(result.json[0]).toMatchObject({ id: contact.id, email: 'ann@example.com', tags: ['vip'] });
	});

	test('version 3 returns 9 fields by default; Raw returns them all; Selected Fields the chosen ones and the ID', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const contact = await createContact(env.t, bot, { email: 'ann@example.com', tags: ['vip'] });
		const credentials = env.credentials(user);

		const simplified = await runNode({ credentials, typeVersion: 3, parameters: getAll() });
		expect(simplified.error).toBeUndefined();
		expect(keysOf(simplified.json[0])).toEqual(SIMPLIFIED);
		expect(simplified.json[0]).toMatchObject({ id: contact.id, bot_id: bot.id, email: 'ann@example.com', tags: ['vip'] });

		const raw = await runNode({ credentials, typeVersion: 3, parameters: getAll({ output: 'raw' }) });
		const version2 = await runNode({ credentials, typeVersion: 2, parameters: getAll() });
		expect(raw.json).toEqual(version2.json);

		const selected = await runNode({
			credentials,
			typeVersion: 3,
			parameters: getAll({ output: 'fields', fields: ['name', 'telegram_id'] }),
		});
		expect(selected.json).toEqual([{ id: contact.id, name: contact.name, telegram_id: contact.telegram_id }]);
	});
});

describe('Contact → Create or Update: Output', () => {
	const upsert = (botId: unknown, telegramId: number, extra: INodeParameters = {}): INodeParameters => ({
		resource: 'contact',
		operation: 'upsert',
		botId: botId as INodeParameters[string],
		messenger: 'telegram',
		telegramId: String(telegramId),
		name: 'Ann Lee',
		additionalFields: { email: 'ann@example.com' },
		...extra,
	});

	test('version 2 returns the whole contact and `created`, as before', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const result = await runNode({
			credentials: env.credentials(user),
			typeVersion: 2,
			parameters: upsert(String(bot.id), 5551001),
		});
		expect(result.error).toBeUndefined();
		expect(keysOf(result.json[0])).toEqual([...ALL_CONTACT_FIELDS, 'created'].sort());
		expect(result.json[0]).toMatchObject({ name: 'Ann Lee', created: true });
	});

	test('version 3 with the bot from the list: simplified with `created`, or raw', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const credentials = env.credentials(user);
		const created = await runNode({ credentials, typeVersion: 3, parameters: upsert(fromList(bot.id), 5551002) });
		expect(created.error).toBeUndefined();
		expect(keysOf(created.json[0])).toEqual([...SIMPLIFIED, 'created'].sort());
		expect(created.json[0]).toMatchObject({ bot_id: bot.id, name: 'Ann Lee', email: 'ann@example.com', created: true });

		const updated = await runNode({
			credentials,
			typeVersion: 3,
			parameters: upsert(byId(bot.id), 5551002, { output: 'raw' }),
		});
		expect(keysOf(updated.json[0])).toEqual([...ALL_CONTACT_FIELDS, 'created'].sort());
		expect(updated.json[0]).toMatchObject({ id: created.json[0].id, created: false });
	});
});

describe('deletes', () => {
	test('List → Delete: version 2 says success and the ID; version 3 says {deleted: true}', async () => {
		const { user, project } = await createUserWithBot(env.t);
		const credentials = env.credentials(user);
		const first = await createListForTest(user, { project_uuid: project.uuid });
		const second = await createListForTest(user, { project_uuid: project.uuid });
		const v2 = await runNode({
			credentials,
			typeVersion: 2,
			parameters: { resource: 'list', operation: 'delete', list: byId(first.id) },
		});
		expect(v2.json).toEqual([{ success: true, schema_id: first.id }]);
		const v3 = await runNode({
			credentials,
			typeVersion: 3,
			parameters: { resource: 'list', operation: 'delete', list: fromList(second.id) },
		});
		expect(v3.json).toEqual([{ deleted: true }]);
		expect(env.proxy.calls('deleteListSchema').map((r) => r.body.schema_id)).toEqual([first.id, second.id]);
	});

	test('Contact Account → Delete: version 2 says success and the ID; version 3, with pickers, {deleted: true}', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const credentials = env.credentials(user);
		const contact = await createContact(env.t, bot);
		const usd = await createContactAccountForTest(user, contact, 'USD');
		const eur = await createContactAccountForTest(user, contact, 'EUR');
		const v2 = await runNode({
			credentials,
			typeVersion: 2,
			parameters: { resource: 'contactAccount', operation: 'delete', accountBy: 'id', accountId: String(usd.id) },
		});
		expect(v2.json).toEqual([{ success: true, account_id: usd.id }]);
		const v3 = await runNode({
			credentials,
			typeVersion: 3,
			parameters: { resource: 'contactAccount', operation: 'delete', contactId: fromList(contact.id), account: fromList(eur.id) },
		});
		expect(v3.error).toBeUndefined();
		expect(v3.json).toEqual([{ deleted: true }]);
		expect(await accountsOf(user, contact.id)).toEqual([]);
	});
});

describe('contact account pickers (version 3)', () => {
	test('Add Funds to the account picked by currency, in major units, after one read of the contact’s accounts', async () => {
		const { user, contact, opened: eur } = await contactWithAccount('EUR');
		const result = await runVersion3(user, {
			resource: 'contactAccount',
			operation: 'addFunds',
			contactId: fromList(contact.id),
			account: byCurrency('eur'),
			amountMajor: '12.50',
			description: 'Bonus',
		});
		expect(result.error).toBeUndefined();
		expect(result.json[0]).toMatchObject({ id: eur.id, amount: 1250 });
		expect(env.proxy.calls('getContactAccounts')).toHaveLength(1);
		expect(env.proxy.calls('addFundsToContactAccount')[0].body).toEqual({
			account_id: eur.id,
			amount: 1250,
			description: 'Bonus',
		});
	});

	test('Withdraw Funds from the account picked from the list, in major units: the currency comes from the contact', async () => {
		const { user, contact, opened: jpy } = await contactWithAccount('JPY');
		await user.api.call('addFundsToContactAccount', { account_id: jpy.id, amount: 5000, description: 'Seed' });
		const result = await runVersion3(user, {
			resource: 'contactAccount',
			operation: 'withdrawFunds',
			contactId: byId(contact.id),
			account: fromList(jpy.id),
			amountMajor: '1500',
			description: 'Order 7',
		});
		expect(result.error).toBeUndefined();
		expect(result.json[0]).toMatchObject({ id: jpy.id, amount: 3500 });
	});

	test('an unknown currency is an item error naming the contact’s accounts; nothing is sent', async () => {
		const { user, contact } = await contactWithAccount('USD');
		const result = await runVersion3(user, {
			resource: 'contactAccount',
			operation: 'withdrawFunds',
			contactId: fromList(contact.id),
			account: byCurrency('GBP'),
			amountUnit: 'minor',
			amount: 100,
			description: 'Order 8',
		});
		expect(result.error?.message).toBe(`Contact ${contact.id} has no GBP account`);
		expect(env.proxy.calls('withdrawFundsFromContactAccount')).toHaveLength(0);
	});

	test('Get Many with the contact picked from the list', async () => {
		const { user, contact, opened: usd } = await contactWithAccount('USD');
		const result = await runVersion3(user, {
			resource: 'contactAccount',
			operation: 'getAll',
			contactId: fromList(contact.id),
		});
		expect(result.json.map((a) => a.id)).toEqual([usd.id]);
	});
});

/** A picker's list search in a version-3 node, as the editor calls it for the field at `path`. */
const search = (
	user: Parameters<typeof env.credentials>[0],
	method: string,
	parameters: INodeParameters,
	path: string,
	filter?: string,
) => searchList(env.credentials(user), method, parameters, filter, undefined, { path, typeVersion: 3 });

describe('list search of the pickers (version 3)', () => {
	test('contacts: by name, phone, email or ID, labelled with name and ID', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const ann = await createContact(env.t, bot, { name: 'Ann Needle', email: 'ann@example.com' });
		const bob = await createContact(env.t, bot, { name: 'Bob', phone: '+15550001111' });
		const contacts = (filter?: string) =>
			search(user, 'searchContacts', { resource: 'contactAccount', operation: 'getAll' }, 'contactId', filter);
		expect((await contacts()).results).toEqual([
			{ name: `Ann Needle (#${ann.id})`, value: String(ann.id) },
			{ name: `Bob (#${bob.id})`, value: String(bob.id) },
		]);
		expect((await contacts('needle')).results.map((r) => r.value)).toEqual([String(ann.id)]);
		expect((await contacts('0001111')).results.map((r) => r.value)).toEqual([String(bob.id)]);
		expect((await contacts(String(bob.id))).results.map((r) => r.value)).toEqual([String(bob.id)]);
	});

	test('bots: each bot that the key holder’s lists and contacts name, once', async () => {
		const { user, project, bot } = await createUserWithBot(env.t);
		const second = await createBot(env.t, project);
		const listOnly = await createBot(env.t, project);
		await createContact(env.t, bot);
		await createContact(env.t, second);
		await createContact(env.t, bot);
		await createListForTest(user, { bot_id: listOnly.id });
		await createListForTest(user, { project_uuid: project.uuid });
		const found = await search(user, 'searchBots', { resource: 'contact', operation: 'upsert' }, 'botId');
		expect(found.results.map((r) => r.value).sort()).toEqual([bot.id, second.id, listOnly.id].map(String).sort());
		expect(found.results.find((r) => r.value === String(bot.id))?.name).toBe(`Bot ${bot.id}`);
		expect(found.paginationToken).toBeUndefined();
	});

	test('contact accounts: those of the contact above, labelled with the balance, valued by ID', async () => {
		const { user, contact, opened: usd } = await contactWithAccount('USD');
		const found = await search(
			user,
			'searchContactAccounts',
			{ resource: 'contactAccount', operation: 'delete', contactId: fromList(contact.id) },
			'account',
		);
		expect(found.results).toEqual([
			{ name: 'USD - balance 0.00 USD', value: String(usd.id), description: `Contact account ID ${usd.id}` },
		]);
	});
});

describe('the trigger, version 3', () => {
	test('“Fetch test event” on one bot picked from the list: its newest contact, simplified; version 2 emits it whole', async () => {
		const { user, project, bot } = await createUserWithBot(env.t);
		const other = await createBot(env.t, project);
		await createContact(env.t, bot);
		const newest = await createContact(env.t, bot);
		await createContact(env.t, other);

		const v3 = await pollerFor(env, user, {
			typeVersion: 3,
			parameters: { bots: 'one', botId: fromList(bot.id) },
		}).poll('manual');
		expect(v3.ids).toEqual([newest.id]);
		expect(keysOf(v3.json[0])).toEqual(SIMPLIFIED);

		const v2 = await pollerFor(env, user, { typeVersion: 2, parameters: { bots: 'one', botId: String(bot.id) } }).poll('manual');
		expect(v2.json[0]).toEqual(newest);
	});

	test('new contacts come with the selected fields', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const poller = pollerFor(env, user, {
			typeVersion: 3,
			parameters: { bots: 'one', botId: byId(bot.id), output: 'fields', fields: ['name'] },
		});
		expect((await poller.poll()).output).toBeNull();
		const added = await createContact(env.t, bot);
		expect((await poller.poll()).json).toEqual([{ id: added.id, name: added.name }]);
	});
});
