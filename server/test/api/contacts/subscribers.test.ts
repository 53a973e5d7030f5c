/**
 * §4.16 rule 2: a new contact increases the bot's subscriber count. The count is derived from the contacts (live,
 * subscribed, non-preview), so no crash between two writes can leave it short.
 */
import { createUserWithBot, createContact, randomMessengerId } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

const subscribersOf = async (botId: number) =>
	(await t.admin.expect<{ data: { subscribers_count: number } }>(200, 'GET', `/bots/${botId}`)).data.subscribers_count;

test('§4.16 a contact stored by a process that died right after the insert is counted', async () => {
	const { bot } = await createUserWithBot(t);
	await createContact(t, bot);
	// The insert as createOrUpdateContact makes it, and nothing after it.
	const stored = await t.server.database.models.contacts.findOne({ botId: bot.id }).lean();
	await t.server.database.models.contacts.create({
		...stored,
		_id: stored!._id + 1_000_000,
		messengerId: '424242',
		messengerKey: '424242',
	});
	expect(await subscribersOf(bot.id)).toBe(2);
});

test('§4.16 §2.4 previews, unsubscribed and deleted contacts are not subscribers; parallel creates all count', async () => {
	const { user, bot } = await createUserWithBot(t);
	await createContact(t, bot, { is_preview: true });
	const leaving = await createContact(t, bot);
	await Promise.all(
		Array.from({ length: 8 }, () =>
			user.api.call('createOrUpdateContact', { bot_id: bot.id, messenger: 'vk', vk_id: randomMessengerId(), name: 'Racer' }),
		),
	);
	expect(await subscribersOf(bot.id)).toBe(9);
	await t.server.database.models.contacts.updateOne({ _id: leaving.id }, { $set: { unsubscribedAt: new Date() } });
	expect(await subscribersOf(bot.id)).toBe(8);
	const deleted = (await t.server.database.models.contacts
		.findOne({ botId: bot.id, unsubscribedAt: null, isPreview: false })
		.lean())!;
	await t.admin.expect(204, 'DELETE', `/contacts/${deleted._id}`);
	await t.admin.request('DELETE', `/contacts/${deleted._id}`);
	expect(await subscribersOf(bot.id)).toBe(7);
});
