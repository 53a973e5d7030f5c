/**
 * The database commands each API method sends on a successful call, counted with the driver's command monitoring.
 * The scenario is shared by the test that holds the counts to the methods' declarations
 * (`server/test/api/commands-per-call.test.ts`) and by the benchmark that prints them (`bench/`).
 */
import { apiMethods } from '../../src/api';
import { commandCases, type CommandCount } from '../../src/api/api-method';
import { CommandCounter } from './command-counter';
import { createUserWithBot, createContact, createContactAccountForTest, createListForTest, randomMessengerId } from './factories';
import type { HttpResponse } from './http';
import type { TestServer } from './test-server';

export interface MethodCommands {
	method: string;
	/** What the call does, when a method has more than one path. */
	case: string;
	commands: string[];
}

/** `method` or `method (case)`. */
export const labelOf = (method: string, caseName: string) => (caseName ? `${method} (${caseName})` : method);

/** What the declarations of the served methods say of their commands, by label (aliases by the method they alias). */
export function declaredCommands(): Map<string, CommandCount> {
	return new Map(
		apiMethods
			.filter((method) => method.aliasOf === undefined)
			.flatMap((method) => commandCases(method).map(([caseName, counts]) => [labelOf(method.name, caseName), counts] as const)),
	);
}

/** A call that must succeed with `status`. */
type Call = [method: string, caseName: string, status: number, call: () => Promise<HttpResponse>];

export async function commandsPerCall(t: TestServer): Promise<MethodCommands[]> {
	// The deprecations' once-a-second reload is no call's command: stopped, and one last reload awaited.
	t.server.deprecations.stop();
	await t.server.deprecations.reload();
	const counter = new CommandCounter(t);
	const { user, project, bot } = await createUserWithBot(t);
	const contact = await createContact(t, bot);
	const api = (method: string, params: Record<string, unknown> = {}) => user.api.call(method, params);
	const list = await createListForTest(user, { project_uuid: project.uuid });
	const emptyAccount = await createContactAccountForTest(user, contact, 'EUR');
	const funded = await createContactAccountForTest(user, contact, 'USD');
	const field = { name: 'Price', slug: 'price', type: 'money', currency: 'EUR' };
	// A tag of the bot made before counting, and its ID from the admin API (where clients learn tag IDs, §10.1).
	await createContact(t, bot, { tags: ['regular'] });
	const tagId: number = (await t.admin.expect(200, 'GET', `/bots/${bot.id}`)).data.tags[0].id;
	const itemsList = await createListForTest(user, { project_uuid: project.uuid }, [
		{ name: 'Title', slug: 'title', type: 'string' },
		{ name: 'Client', slug: 'client', type: 'contact', is_required: false },
	]);
	const item = (await api('addListItem', { schema_id: itemsList.id, data: { title: 'counted' } })).data.data;
	for (let i = 0; i < 2; i++) await api('addListItem', { schema_id: itemsList.id, data: { title: `more ${i}` } });

	const calls: Call[] = [
		['getMe', '', 200, () => api('getMe')],
		['getNumberOfContacts', 'all bots', 200, () => api('getNumberOfContacts')],
		['getNumberOfContacts', 'one bot', 200, () => api('getNumberOfContacts', { bot_id: bot.id })],
		['getContacts', 'page mode', 200, () => api('getContacts', { page: 1, count: 20 })],
		['getContacts', 'offset mode, one bot', 200, () => api('getContacts', { offset: 0, limit: 100, bot_id: bot.id })],
		['createOrUpdateContact', 'update', 200, () => api('createOrUpdateContact', contactParams(bot.id, contact.telegram_id))],
		['createOrUpdateContact', 'create', 201, () => api('createOrUpdateContact', contactParams(bot.id, randomMessengerId()))],
		['getListSchemas', '', 200, () => api('getListSchemas')],
		['getListSchema', '', 200, () => api('getListSchema', { schema_id: list.id })],
		['createListSchema', 'by project', 201, () => api('createListSchema', newList({ project_uuid: project.uuid }))],
		['createListSchema', 'by bot', 201, () => api('createListSchema', newList({ bot_id: bot.id }))],
		['addListSchemaField', '', 204, () => api('addListSchemaField', { schema_id: list.id, field })],
		['deleteListSchemaField', '', 204, () => api('deleteListSchemaField', { schema_id: list.id, slug: 'price' })],
		['deleteListSchema', '', 204, () => api('deleteListSchema', { schema_id: list.id })],
		['getListItems', 'last page', 200, () => api('getListItems', { schema_id: itemsList.id, limit: 10 })],
		['getListItems', 'full page', 200, () => api('getListItems', { schema_id: itemsList.id, limit: 2 })],
		['addListItem', 'plain values', 201, () => api('addListItem', { schema_id: itemsList.id, data: { title: 'new' } })],
		['addListItem', 'a contact value', 201, () => api('addListItem', itemOf(itemsList.id, contact.id))],
		['updateListItem', '', 200, () => api('updateListItem', { item_id: item.id, data: { title: 'changed' } })],
		['deleteListItem', '', 204, () => api('deleteListItem', { item_id: item.id })],
		['getContactAccounts', '', 200, () => api('getContactAccounts', { contact_id: contact.id })],
		['addContactAccount', '', 201, () => api('addContactAccount', { contact_id: contact.id, currency: 'GBP' })],
		['addFundsToContactAccount', '', 200, () => api('addFundsToContactAccount', funds(funded.id, 500))],
		['withdrawFundsFromContactAccount', '', 200, () => api('withdrawFundsFromContactAccount', funds(funded.id, 200))],
		['deleteContactAccount', '', 204, () => api('deleteContactAccount', { account_id: emptyAccount.id })],
		['attachTagToContact', 'new name', 204, () => api('attachTagToContact', { contact_id: contact.id, name: 'vip' })],
		['getBotTags', '', 200, () => api('getBotTags', { bot_id: bot.id })],
		['getContactTags', '', 200, () => api('getContactTags', { contact_id: contact.id })],
		['detachTagFromContact', 'by name', 204, () => api('detachTagFromContact', { contact_id: contact.id, name: 'vip' })],
		['attachTagToContact', 'by tag_id', 204, () => api('attachTagToContact', { contact_id: contact.id, tag_id: tagId })],
		['detachTagFromContact', 'by tag_id', 204, () => api('detachTagFromContact', { contact_id: contact.id, tag_id: tagId })],
		[
			'setContactVariable',
			'create',
			201,
			() => api('setContactVariable', { contact_id: contact.id, name: 'city', value: 'Kazan' }),
		],
		[
			'setContactVariable',
			'update',
			200,
			() => api('setContactVariable', { contact_id: contact.id, name: 'city', value: 'Oslo' }),
		],
		['getContactVariables', '', 200, () => api('getContactVariables', { contact_id: contact.id })],
		['deleteContactVariable', '', 204, () => api('deleteContactVariable', { contact_id: contact.id, name: 'city' })],
	];

	const rows: MethodCommands[] = [];
	for (const [method, caseName, status, call] of calls) {
		let answer: HttpResponse | undefined;
		const { commands, unfinished } = await counter.during(async () => (answer = await call()));
		if (answer?.status !== status)
			throw new Error(`${method}: expected ${status}, got ${answer?.status} ${JSON.stringify(answer?.data)}`);
		if (unfinished > 0) throw new Error(`${method} answered with ${unfinished} commands still running`);
		rows.push({ method, case: caseName, commands });
	}
	return rows;
}

const contactParams = (botId: number, telegramId: unknown) => ({
	bot_id: botId,
	messenger: 'telegram',
	name: 'Ann',
	telegram_id: telegramId,
});

const newList = (target: Record<string, unknown>) => ({
	name: 'Orders',
	...target,
	fields: [{ name: 'Title', slug: 'title', type: 'string' }],
});

const itemOf = (schemaId: string, contactId: number) => ({ schema_id: schemaId, data: { title: 'Ann', client: contactId } });

const funds = (accountId: number, amount: number) => ({ account_id: accountId, amount, description: 'counted' });
