/** detachTagFromContact (§10.6): removes a tag from a contact; the tag stays in the bot; 204. */
import { tagOfContactInput } from '../../contract/tags/inputs';
import { detachTag } from '../../domain/tags/tags';
import { apiMethod, GET_AND_POST, noContent } from '../api-method';
import { tagAnswers } from './answers';

export const detachTagFromContact = apiMethod({
	name: 'detachTagFromContact',
	verbs: GET_AND_POST,
	summary: 'Removes a tag from a contact by `tag_id` or `name`; the bot keeps the tag. Detaching a tag it lacks changes nothing.',
	section: '§10.6',
	input: tagOfContactInput,
	example: { contact_id: 1, name: 'vip' },
	success: [{ status: 204, when: 'The contact no longer has the tag (also when it never had it).' }],
	refusals: tagAnswers.for('contact_not_found', 'contact_forbidden', 'tag_unknown'),
	commands: { cases: { 'by name': { count: 2, budget: 4 }, 'by tag_id': { count: 3, budget: 4 } } },
	async handle({ user, lang, models }, { contact_id, tag_id, name }) {
		const outcome = await detachTag(models, user, contact_id, tag_id != null ? { tagId: tag_id } : { name: name as string });
		if (!outcome.ok) throw tagAnswers.error(lang, outcome);
		return noContent();
	},
});
