/**
 * Tag operations through n8n's engine against the real server (spec §10): a bot's and a contact's tag names as items,
 * adding and removing one tag by name or ID, version 3's pickers, and the errors a workflow builder meets.
 */
import { createUserWithBot, createContact } from '../../server/test/support/factories';
import { runNode } from './support/n8n-harness';
import { useNodeTestEnv } from './support/setup';

const env = useNodeTestEnv();

const byId = (value: number) => ({ __rl: true, mode: 'id', value: String(value) });

test('Add to Contact by name makes the tag; Get Many lists the bot’s tags and Get Many of Contact the contact’s', async () => {
	const { user, bot } = await createUserWithBot(env.t);
	const contact = await createContact(env.t, bot, { tags: ['warm'] });
	const credentials = env.credentials(user);
	const added = await runNode({
		credentials,
		typeVersion: 3,
		parameters: { resource: 'tag', operation: 'addToContact', contactId: byId(contact.id), tagBy: 'name', tagName: ' vip ' },
	});
	expect(added.error).toBeUndefined();
	expect(added.json).toEqual([{ attached: true }]);
	expect(env.proxy.calls('attachTagToContact')[0].body).toEqual({ contact_id: contact.id, name: 'vip' });
	const ofBot = await runNode({
		credentials,
		typeVersion: 3,
		parameters: { resource: 'tag', operation: 'getAll', botId: byId(bot.id) },
	});
	expect(ofBot.json).toEqual([{ name: 'warm' }, { name: 'vip' }]);
	const ofContact = await runNode({
		credentials,
		typeVersion: 3,
		parameters: { resource: 'tag', operation: 'getAllOfContact', contactId: byId(contact.id) },
	});
	expect(ofContact.json).toEqual([{ name: 'warm' }, { name: 'vip' }]);
});

test('Remove From Contact by ID (version 2 text fields) leaves the other tags; removing it again changes nothing', async () => {
	const { user, bot } = await createUserWithBot(env.t);
	const contact = await createContact(env.t, bot, { tags: ['warm', 'vip'] });
	const { data } = await env.t.admin.expect(200, 'GET', `/bots/${bot.id}`);
	const vip = data.tags.find((tag: { name: string }) => tag.name === 'vip').id;
	const parameters = {
		resource: 'tag',
		operation: 'removeFromContact',
		contactId: String(contact.id),
		tagBy: 'id',
		tagId: String(vip),
	};
	for (let i = 0; i < 2; i++) {
		const removed = await runNode({ credentials: env.credentials(user), typeVersion: 2, parameters });
		expect(removed.error).toBeUndefined();
		expect(removed.json).toEqual([{ detached: true }]);
	}
	const left = await runNode({
		credentials: env.credentials(user),
		parameters: { resource: 'tag', operation: 'getAllOfContact', contactId: contact.id },
	});
	expect(left.json).toEqual([{ name: 'warm' }]);
});

test('errors: an empty tag name stops before any request; an unknown tag ID and another user’s contact are the API’s answers', async () => {
	const { user, bot } = await createUserWithBot(env.t);
	const { bot: strangerBot } = await createUserWithBot(env.t);
	const contact = await createContact(env.t, bot);
	const strangers = await createContact(env.t, strangerBot);
	const credentials = env.credentials(user);
	const empty = await runNode({
		credentials,
		typeVersion: 3,
		parameters: { resource: 'tag', operation: 'addToContact', contactId: byId(contact.id), tagBy: 'name', tagName: '  ' },
	});
	expect(empty.error?.message).toBe('Tag Name is empty');
	expect(env.proxy.calls('attachTagToContact')).toEqual([]);
	const unknown = await runNode({
		credentials,
		typeVersion: 3,
		parameters: { resource: 'tag', operation: 'addToContact', contactId: byId(contact.id), tagBy: 'id', tagId: '999' },
	});
	expect(unknown.error).toMatchObject({ httpCode: '422' });
	const foreign = await runNode({
		credentials,
		typeVersion: 3,
		continueOnFail: true,
		parameters: { resource: 'tag', operation: 'removeFromContact', contactId: byId(strangers.id), tagBy: 'name', tagName: 'x' },
	});
	expect(foreign.json).toEqual([expect.objectContaining({ error: expect.any(String) })]);
});
