/** What the tag tests share: the tags as the API reads them, and their IDs from the admin API. */
import { type TestUser, type TestBot } from '../../support/factories';
import type { TestServer } from '../../support/test-server';

export const tagsOf = async (owner: TestUser, contactId: number): Promise<string[]> => {
	const res = await owner.api.call('getContactTags', { contact_id: contactId });
	expect(res.status).toBe(200);
	return res.data.data;
};

export const botTagsOf = async (owner: TestUser, bot: TestBot): Promise<string[]> => {
	const res = await owner.api.call('getBotTags', { bot_id: bot.id });
	expect(res.status).toBe(200);
	return res.data.data;
};

/** Tag IDs by name, as the admin API shows them (our choice, §10.1). */
export const tagIdsOf = async (t: TestServer, bot: TestBot): Promise<Record<string, number>> => {
	const { data } = await t.admin.expect(200, 'GET', `/bots/${bot.id}`);
	return Object.fromEntries(data.tags.map((tag: { id: number; name: string }) => [tag.name, tag.id]));
};
