/** getBotTags (§10.3): the names of a bot's tags, in the order they were made. */
import { getBotTagsInput } from '../../contract/tags/inputs';
import { tagNamesJson } from '../../contract/tags/outputs';
import { listBotTags } from '../../domain/tags/tags';
import { dataOf } from '../../http/answers';
import { apiMethod, GET_AND_POST, ok } from '../api-method';
import { tagAnswers } from './answers';

export const getBotTags = apiMethod({
	name: 'getBotTags',
	verbs: GET_AND_POST,
	summary: "The names of a bot's tags, in the order they were made, also those no contact has now.",
	section: '§10.3',
	input: getBotTagsInput,
	example: { bot_id: 1 },
	success: [{ status: 200, when: "The bot's tag names.", body: dataOf(tagNamesJson) }],
	refusals: tagAnswers.for('bot_not_found', 'bot_forbidden'),
	commands: { count: 3, budget: 3 },
	async handle({ user, lang, models }, { bot_id }) {
		const outcome = await listBotTags(models, user, bot_id);
		if (!outcome.ok) throw tagAnswers.error(lang, outcome);
		return ok({ data: outcome.names });
	},
});
