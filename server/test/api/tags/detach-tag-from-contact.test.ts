/** detachTagFromContact (§10.6). */
import { createUserWithBot, createContact } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';
import { tagsOf, botTagsOf, tagIdsOf } from './helpers';
import { documentsSpecParameters, STRING_255 } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

describe('§10.6 detachTagFromContact', () => {
	test('§10.6 by name: the contact loses the tag, the bot keeps it; 204 with no body', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot, { tags: ['vip', 'promo'] });
		const res = await owner.api.call('detachTagFromContact', { contact_id: contact.id, name: 'vip' });
		expect(res.status).toBe(204);
		expect(res.data).toBe('');
		expect(await tagsOf(owner, contact.id)).toEqual(['promo']);
		expect(await botTagsOf(owner, bot)).toEqual(['vip', 'promo']);
	});

	test('§14.4 detaching twice, or a tag the contact or the bot lacks, changes nothing and answers 204', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot, { tags: ['vip'] });
		for (let i = 0; i < 2; i++) {
			expect((await owner.api.call('detachTagFromContact', { contact_id: contact.id, name: 'vip' })).status).toBe(204);
		}
		expect((await owner.api.call('detachTagFromContact', { contact_id: contact.id, name: 'never-made' })).status).toBe(204);
		expect(await tagsOf(owner, contact.id)).toEqual([]);
		expect(await botTagsOf(owner, bot)).toEqual(['vip']);
	});

	test('§10.6 by tag_id, from the admin API, also in a form body; tag_id wins over name (§14.4)', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot, { tags: ['vip', 'promo'] });
		const ids = await tagIdsOf(t, bot);
		const res = await owner.api.call(
			'detachTagFromContact',
			{ contact_id: contact.id, tag_id: String(ids.vip), name: 'promo' },
			{ as: 'form' },
		);
		expect(res.status).toBe(204);
		expect(await tagsOf(owner, contact.id)).toEqual(['promo']);
		expect(await botTagsOf(owner, bot)).toEqual(['vip', 'promo']);
	});
});

test('§4.1 §10.6 detachTagFromContact works the same by GET with a query string and by form POST', async () => {
	const { user: owner, bot } = await createUserWithBot(t);
	const contact = await createContact(t, bot, { tags: ['query', 'form', 'kept'] });
	expect((await owner.api.call('detachTagFromContact', { contact_id: contact.id, name: 'query' }, { verb: 'GET' })).status).toBe(
		204,
	);
	expect((await owner.api.call('detachTagFromContact', { contact_id: contact.id, name: 'form' }, { as: 'form' })).status).toBe(
		204,
	);
	expect(await tagsOf(owner, contact.id)).toEqual(['kept']);
});

documentsSpecParameters('detachTagFromContact', () => t, [
	['contact_id', true, 'integer', { minimum: 1 }],
	['tag_id', false, 'integer', { minimum: 1 }],
	['name', false, 'string', STRING_255],
]);

countsCommands('detachTagFromContact', {
	'by name': async (server) => {
		const { user, bot } = await createUserWithBot(server);
		const contact = await createContact(server, bot, { tags: ['vip'] });
		return { user, status: 204, call: () => user.api.call('detachTagFromContact', { contact_id: contact.id, name: 'vip' }) };
	},
	'by tag_id': async (server) => {
		const { user, bot } = await createUserWithBot(server);
		const contact = await createContact(server, bot, { tags: ['regular'] });
		const tagId: number = (await server.admin.expect(200, 'GET', `/bots/${bot.id}`)).data.tags[0].id;
		return { user, status: 204, call: () => user.api.call('detachTagFromContact', { contact_id: contact.id, tag_id: tagId }) };
	},
});
