/**
 * The tag area's refusals as the spec's answers (§10.7, §14.4, §14.5): one entry per reason of `TagRefusal`. A
 * missing or deleted contact or bot is a 404 with `message` and its `errors` key, as §4.16 answers an unknown bot;
 * another user's is a 403 `{error}`, as §7.3.
 */
import type { TagRefusal } from '../../domain/tags/refusals';
import { contactAccessAnswers } from '../contact-access-answers';
import { refusalAnswers } from '../refusal-answers';

export const tagAnswers = refusalAnswers<TagRefusal>({
	...contactAccessAnswers,
	bot_not_found: {
		status: 404,
		as: ['message'],
		errors: 'bot_id',
		text: { en: 'Bot not found.', ru: 'Бот не найден.' },
		when: 'The bot does not exist or is deleted: `errors.bot_id` (§4.16, §14.5).',
	},
	bot_forbidden: {
		status: 403,
		as: ['error'],
		text: { en: 'You do not have access to this bot.', ru: 'Нет доступа к этому боту.' },
		when: "The bot is another user's (§14.5).",
	},
	tag_unknown: {
		status: 422,
		as: ['message'],
		errors: 'tag_id',
		text: {
			en: "The selected tag id is not a tag of the contact's bot.",
			ru: 'Выбранный tag id не является тегом бота этого контакта.',
		},
		when: "The `tag_id` is no tag of the contact's bot, under `tag_id` (§14.4).",
	},
	tags_limit: {
		status: 422,
		as: ['message'],
		errors: 'name',
		text: {
			en: 'The bot already has :max tags; no new tag can be made.',
			ru: 'У бота уже :max тегов; новый тег создать нельзя.',
		},
		vars: ({ max }) => ({ max }),
		when: 'The name is new and the bot already has 5000 tags, under `name`.',
	},
});
