/** getContactTags (§10.4): the names of a contact's tags, the `tags` of the contact object (§2.4). */
import { z } from 'zod';
import { contactId } from '../../contract/tags/inputs';
import { tagNamesJson } from '../../contract/tags/outputs';
import { listContactTags } from '../../domain/tags/tags';
import { dataOf } from '../../http/answers';
import { apiMethod, GET_AND_POST, ok } from '../api-method';
import { tagAnswers } from './answers';

/** §14.3: `contact_id` only. */
const getContactTagsInput = z.object({ contact_id: contactId() });

export const getContactTags = apiMethod({
	name: 'getContactTags',
	verbs: GET_AND_POST,
	summary: "The names of a contact's tags: its `tags` (§2.4); an empty list when it has none.",
	section: '§10.4',
	input: getContactTagsInput,
	example: { contact_id: 1 },
	success: [{ status: 200, when: "The contact's tag names.", body: dataOf(tagNamesJson) }],
	refusals: tagAnswers.for('contact_not_found', 'contact_forbidden'),
	commands: { count: 2, budget: 3 },
	async handle({ user, lang, models }, { contact_id }) {
		const outcome = await listContactTags(models, user, contact_id);
		if (!outcome.ok) throw tagAnswers.error(lang, outcome);
		return ok({ data: outcome.names });
	},
});
