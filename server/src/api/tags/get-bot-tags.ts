/** getBotTags (§10.3): the names of a bot's tags, in the order they were made. */
import { z } from 'zod';
import { tagNamesJson } from '../../contract/tags/outputs';
import { listBotTags } from '../../domain/tags/tags';
import { integer } from '../../contract/kit/validation';
import { dataOf } from '../../http/answers';
import { apiMethod, GET_AND_POST, ok } from '../api-method';
import { tagAnswers } from './answers';

const getBotTagsInput = z.object({
	bot_id: integer({ min: 1 }).meta({ description: "One of the key holder's bots: the number in the bot's address." }),
});

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
