/** detachTagFromContact (§10.6): removes a tag from a contact; the tag stays in the bot; 204. */
import { tagOfContactInput } from '../../contract/tags/inputs';
import { detachTag } from '../../domain/tags/tags';
import { apiMethod, GET_AND_POST, noContent } from '../../http/api-method';
import { tagRefusal, tagRefusalAnswers } from './refusals';

export const detachTagFromContact = apiMethod({
	name: 'detachTagFromContact',
	verbs: GET_AND_POST,
	summary: 'Removes a tag from a contact by `tag_id` or `name`; the bot keeps the tag. Detaching a tag it lacks changes nothing.',
	section: '§10.6',
	input: tagOfContactInput,
	example: { contact_id: 1, name: 'vip' },
	success: [{ status: 204, when: 'The contact no longer has the tag (also when it never had it).' }],
	refusals: [tagRefusalAnswers.contact_not_found, tagRefusalAnswers.contact_forbidden, tagRefusalAnswers.tag_unknown],
	async handle({ user, lang, models }, { contact_id, tag_id, name }) {
		const outcome = await detachTag(models, user, contact_id, tag_id != null ? { tagId: tag_id } : { name: name as string });
		if (!outcome.ok) throw tagRefusal(lang, outcome);
		return noContent();
	},
});
