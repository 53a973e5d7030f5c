/** attachTagToContact (§10.5): adds a tag to a contact, making it in the bot when the name is new; 204. */
import { tagOfContactInput } from '../../contract/tags/inputs';
import { attachTag } from '../../domain/tags/tags';
import { apiMethod, GET_AND_POST, noContent } from '../api-method';
import { tagAnswers } from './answers';

export const attachTagToContact = apiMethod({
	name: 'attachTagToContact',
	verbs: GET_AND_POST,
	summary:
		'Adds a tag to a contact by `tag_id` or `name`; a new name becomes a tag of the bot. Attaching it again changes nothing.',
	section: '§10.5',
	input: tagOfContactInput,
	example: { contact_id: 1, name: 'vip' },
	success: [{ status: 204, when: 'The contact has the tag (also when it had it already).' }],
	refusals: tagAnswers.for('contact_not_found', 'contact_forbidden', 'tag_unknown', 'tags_limit'),
	commands: { cases: { 'new name': { count: 4, budget: 4 }, 'by tag_id': { count: 4, budget: 4 } } },
	async handle({ user, lang, models }, { contact_id, tag_id, name }) {
		const outcome = await attachTag(models, user, contact_id, tag_id != null ? { tagId: tag_id } : { name: name as string });
		if (!outcome.ok) throw tagAnswers.error(lang, outcome);
		return noContent();
	},
});
