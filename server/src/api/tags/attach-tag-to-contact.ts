/** attachTagToContact (§10.5): adds a tag to a contact, making it in the bot when the name is new; 204. */
import { tagOfContactInput } from '../../contract/tags/inputs';
import { attachTag } from '../../domain/tags/tags';
import { apiMethod, GET_AND_POST, noContent } from '../../http/api-method';
import { tagRefusal, tagRefusalAnswers } from './refusals';

export const attachTagToContact = apiMethod({
	name: 'attachTagToContact',
	verbs: GET_AND_POST,
	summary:
		'Adds a tag to a contact by `tag_id` or `name`; a new name becomes a tag of the bot. Attaching it again changes nothing.',
	section: '§10.5',
	input: tagOfContactInput,
	example: { contact_id: 1, name: 'vip' },
	success: [{ status: 204, when: 'The contact has the tag (also when it had it already).' }],
	refusals: [
		tagRefusalAnswers.contact_not_found,
		tagRefusalAnswers.contact_forbidden,
		tagRefusalAnswers.tag_unknown,
		tagRefusalAnswers.tags_limit,
	],
	async handle({ user, lang, models }, { contact_id, tag_id, name }) {
		const outcome = await attachTag(models, user, contact_id, tag_id != null ? { tagId: tag_id } : { name: name as string });
		if (!outcome.ok) throw tagRefusal(lang, outcome);
		return noContent();
	},
});
