/**
 * Tag operations through n8n's engine against the real server (spec §10): a bot's and a contact's tag names as items,
 * adding and removing one tag with the Tag picker of version 3.1 (the default) and with the fields of nodes saved
 * with versions 2 and 3, the picker's lists, and the errors a workflow builder meets.
 */
import type { INodeParameters } from 'n8n-workflow';
import { createBot, createUserWithBot, createContact, type TestUser } from '../../server/test/support/factories';
import { runNode, searchList } from './support/n8n-harness';
import { useNodeTestEnv } from './support/setup';

const env = useNodeTestEnv();

const DEFAULT_VERSION = 3.1;
const byId = (value: number) => ({ __rl: true, mode: 'id', value: String(value) });
const tag = (mode: 'list' | 'name' | 'id', value: string) => ({ __rl: true, mode, value });

/** A tag picker's list, as the editor asks for it in a node of the default version. */
const searchTags = (user: TestUser, method: string, parameters: INodeParameters, filter?: string) =>
	searchList(env.credentials(user), method, parameters, filter, undefined, { path: 'tag', typeVersion: DEFAULT_VERSION });

test('Add to Contact (3.1) with a name from the picker makes the tag; Get Many lists the bot’s tags, Get Many of Contact the contact’s', async () => {
	const { user, bot } = await createUserWithBot(env.t);
	const contact = await createContact(env.t, bot, { tags: ['warm'] });
	const credentials = env.credentials(user);
	const added = await runNode({
		credentials,
		typeVersion: DEFAULT_VERSION,
		parameters: { resource: 'tag', operation: 'addToContact', contactId: byId(contact.id), tag: tag('name', ' vip ') },
	});
	expect(added.error).toBeUndefined();
	expect(added.json).toEqual([{ attached: true }]);
	expect(env.proxy.calls('attachTagToContact')[0].body).toEqual({ contact_id: contact.id, name: 'vip' });
	const ofBot = await runNode({
		credentials,
		typeVersion: DEFAULT_VERSION,
		parameters: { resource: 'tag', operation: 'getAll', botId: byId(bot.id) },
	});
	expect(ofBot.json).toEqual([{ name: 'warm' }, { name: 'vip' }]);
	const ofContact = await runNode({
		credentials,
		typeVersion: DEFAULT_VERSION,
		parameters: { resource: 'tag', operation: 'getAllOfContact', contactId: byId(contact.id) },
	});
	expect(ofContact.json).toEqual([{ name: 'warm' }, { name: 'vip' }]);
});

test('Remove From Contact (3.1) by a tag chosen from the list, then by ID; removing again changes nothing', async () => {
	const { user, bot } = await createUserWithBot(env.t);
	const contact = await createContact(env.t, bot, { tags: ['warm', 'vip', 'promo'] });
	const { data } = await env.t.admin.expect(200, 'GET', `/bots/${bot.id}`);
	const promo = data.tags.find((found: { name: string }) => found.name === 'promo').id as number;
	const remove = (picked: ReturnType<typeof tag>) =>
		runNode({
			credentials: env.credentials(user),
			typeVersion: DEFAULT_VERSION,
			parameters: { resource: 'tag', operation: 'removeFromContact', contactId: byId(contact.id), tag: picked },
		});
	expect((await remove(tag('list', 'vip'))).json).toEqual([{ detached: true }]);
	for (let i = 0; i < 2; i++) {
		const removed = await remove(tag('id', ` ${promo} `));
		expect(removed.error).toBeUndefined();
		expect(removed.json).toEqual([{ detached: true }]);
	}
	expect(env.proxy.calls('detachTagFromContact').map((call) => call.body)).toEqual([
		{ contact_id: contact.id, name: 'vip' },
		{ contact_id: contact.id, tag_id: promo },
		{ contact_id: contact.id, tag_id: promo },
	]);
	const left = await runNode({
		credentials: env.credentials(user),
		typeVersion: DEFAULT_VERSION,
		parameters: { resource: 'tag', operation: 'getAllOfContact', contactId: byId(contact.id) },
	});
	expect(left.json).toEqual([{ name: 'warm' }]);
});

test('nodes saved with version 3 (Tag: By Name) and version 2 (By ID, text fields) keep working', async () => {
	const { user, bot } = await createUserWithBot(env.t);
	const contact = await createContact(env.t, bot, { tags: ['warm', 'vip'] });
	const { data } = await env.t.admin.expect(200, 'GET', `/bots/${bot.id}`);
	const vip = data.tags.find((found: { name: string }) => found.name === 'vip').id as number;
	const added = await runNode({
		credentials: env.credentials(user),
		typeVersion: 3,
		parameters: { resource: 'tag', operation: 'addToContact', contactId: byId(contact.id), tagBy: 'name', tagName: ' new ' },
	});
	expect(added.json).toEqual([{ attached: true }]);
	const removed = await runNode({
		credentials: env.credentials(user),
		typeVersion: 2,
		parameters: {
			resource: 'tag',
			operation: 'removeFromContact',
			contactId: String(contact.id),
			tagBy: 'id',
			tagId: String(vip),
		},
	});
	expect(removed.json).toEqual([{ detached: true }]);
	expect(env.proxy.calls('attachTagToContact')[0].body).toEqual({ contact_id: contact.id, name: 'new' });
	expect(env.proxy.calls('detachTagFromContact')[0].body).toEqual({ contact_id: contact.id, tag_id: vip });
	const left = await runNode({
		credentials: env.credentials(user),
		parameters: { resource: 'tag', operation: 'getAllOfContact', contactId: contact.id },
	});
	expect(left.json).toEqual([{ name: 'warm' }, { name: 'new' }]);
});

test('the Tag picker lists the chosen bot’s tags (Add) or the contact’s (Remove), filtered; Bot narrows the Contact list', async () => {
	const { user, project, bot } = await createUserWithBot(env.t);
	const ann = await createContact(env.t, bot, { name: 'Ann', tags: ['vip', 'Warm lead'] });
	await createContact(env.t, bot, { name: 'Bob', tags: ['promo'] });
	const add = { resource: 'tag', operation: 'addToContact', botId: byId(bot.id), contactId: byId(ann.id) };
	expect((await searchTags(user, 'searchBotTags', add)).results).toEqual([
		{ name: 'vip', value: 'vip' },
		{ name: 'Warm lead', value: 'Warm lead' },
		{ name: 'promo', value: 'promo' },
	]);
	expect((await searchTags(user, 'searchBotTags', add, 'WARM')).results).toEqual([{ name: 'Warm lead', value: 'Warm lead' }]);
	const remove = { resource: 'tag', operation: 'removeFromContact', contactId: byId(ann.id) };
	expect((await searchTags(user, 'searchContactTags', remove)).results.map((r) => r.value)).toEqual(['vip', 'Warm lead']);
	// Nothing chosen yet (or an expression): an empty list, and no request.
	env.proxy.clear();
	expect((await searchTags(user, 'searchBotTags', { ...add, botId: tag('list', '') })).results).toEqual([]);
	expect((await searchTags(user, 'searchContactTags', { ...remove, contactId: tag('id', '={{ $json.id }}') })).results).toEqual(
		[],
	);
	expect([...env.proxy.calls('getBotTags'), ...env.proxy.calls('getContactTags')]).toEqual([]);
	// With a Bot chosen, the Contact list holds that bot's contacts only.
	const cat = await createContact(env.t, await createBot(env.t, project), { name: 'Cat' });
	const contacts = (parameters: INodeParameters) =>
		searchList(env.credentials(user), 'searchContacts', parameters, undefined, undefined, {
			path: 'contactId',
			typeVersion: DEFAULT_VERSION,
		});
	expect((await contacts(add)).results.map((r) => r.name)).toEqual([`Ann (#${ann.id})`, expect.stringMatching(/^Bob/)]);
	expect((await contacts({ ...add, botId: tag('list', '') })).results.map((r) => r.value)).toContain(String(cat.id));
});

test('errors (3.1): no tag and tag ID 0 stop before any request; an unknown tag ID and another user’s contact are the API’s answers', async () => {
	const { user, bot } = await createUserWithBot(env.t);
	const { bot: strangerBot } = await createUserWithBot(env.t);
	const contact = await createContact(env.t, bot);
	const strangers = await createContact(env.t, strangerBot);
	const credentials = env.credentials(user);
	const add = (picked: ReturnType<typeof tag>, contactId = contact.id, continueOnFail = false) =>
		runNode({
			credentials,
			typeVersion: DEFAULT_VERSION,
			continueOnFail,
			parameters: { resource: 'tag', operation: 'addToContact', contactId: byId(contactId), tag: picked },
		});
	expect((await add(tag('list', '  '))).error?.message).toBe('No tag chosen: pick a tag, or enter its name or ID');
	expect((await add(tag('id', '0'))).error?.message).toBe('Tag ID must be a positive whole number, got "0"');
	expect(env.proxy.calls('attachTagToContact')).toEqual([]);
	expect((await add(tag('id', '999'))).error).toMatchObject({ httpCode: '422' });
	const foreign = await add(tag('name', 'x'), strangers.id, true);
	expect(foreign.json).toEqual([expect.objectContaining({ error: expect.stringContaining('Access denied'), status: 403 })]);
});
