/** createOrUpdateContact (§4.16). */
import { createUserWithBot, randomMessengerId, type TestBot } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';
import { tagsOf, botTagsOf } from '../tags/helpers';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

/** Tag IDs are shown by the admin API (our choice, §10.1). */
const tagIdsOf = async (bot: TestBot): Promise<Record<string, number>> => {
	const { data } = await t.admin.expect(200, 'GET', `/bots/${bot.id}`);
	return Object.fromEntries(data.tags.map((tag: { id: number; name: string }) => [tag.name, tag.id]));
};

describe('§4.16 createOrUpdateContact and the tag methods see one set', () => {
	test("§4.16 tags written by createOrUpdateContact are the bot's and the contact's; attach and detach change that set", async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const telegramId = randomMessengerId();
		const upsert = (tags: string[]) =>
			owner.api.call('createOrUpdateContact', {
				bot_id: bot.id,
				messenger: 'telegram',
				name: 'Ann',
				telegram_id: telegramId,
				tags,
			});
		const created = await upsert(['a', 'b']);
		expect(created.status).toBe(201);
		const id = created.data.data.id;
		expect(await botTagsOf(owner, bot)).toEqual(['a', 'b']);
		await owner.api.call('attachTagToContact', { contact_id: id, name: 'c' });
		await owner.api.call('detachTagFromContact', { contact_id: id, name: 'a' });
		expect(await tagsOf(owner, id)).toEqual(['b', 'c']);
		const updated = await upsert(['d']);
		expect(updated.status).toBe(200);
		expect(updated.data.data.tags).toEqual(['d']);
		expect(await tagsOf(owner, id)).toEqual(['d']);
		expect(await botTagsOf(owner, bot)).toEqual(['a', 'b', 'c', 'd']);
		const ids = await tagIdsOf(bot);
		expect((await owner.api.call('detachTagFromContact', { contact_id: id, tag_id: ids.d })).status).toBe(204);
		expect(await tagsOf(owner, id)).toEqual([]);
	});
});
