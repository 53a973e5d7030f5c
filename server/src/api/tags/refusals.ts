/**
 * The tag area's refusals as the spec's answers (§10.7, §14.4, §14.5), in the request's language: a missing or
 * deleted contact or bot is a 404 with `message` and `errors.contact_id` or `errors.bot_id`, as §4.16 answers an
 * unknown bot; another user's is a 403 `{error}`, as §7.3.
 */
import { tagMessage } from '../../contract/tags/messages';
import type { TagRefusal } from '../../domain/tags/refusals';
import { errorBody, validationBody, type Answer } from '../../http/answers';
import { fieldError, forbidden, inClientLanguage, type ApiError } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { notFoundUnder, notFoundUnderBody } from '../not-found-under';

/** The refusal's answer in the client's language; the access log gets its English text. */
export function tagRefusal(lang: Lang, refusal: TagRefusal): ApiError {
	return inClientLanguage(lang, (language) => answerOf(language, refusal));
}

function answerOf(lang: Lang, refusal: TagRefusal): ApiError {
	switch (refusal.reason) {
		case 'contact_not_found':
			return notFoundUnder('contact_id', tagMessage(lang, 'contact_not_found'));
		case 'bot_not_found':
			return notFoundUnder('bot_id', tagMessage(lang, 'bot_not_found'));
		case 'contact_forbidden':
		case 'bot_forbidden':
			return forbidden(tagMessage(lang, refusal.reason));
		case 'tag_unknown':
			return fieldError(lang, 'tag_id', tagMessage(lang, 'tag_unknown'));
		case 'tags_limit':
			return fieldError(lang, 'name', tagMessage(lang, 'tags_limit', { max: refusal.max }));
	}
}

/** What each refusal answers, for the methods' declarations (and so for the API reference). */
export const tagRefusalAnswers = {
	contact_not_found: {
		status: 404,
		when: 'The contact does not exist, or it or its bot is deleted: `errors.contact_id` (§14.5).',
		body: notFoundUnderBody('contact_id'),
	},
	contact_forbidden: { status: 403, when: "The contact is of another user's bot (§7.3, §14.5).", body: errorBody },
	bot_not_found: {
		status: 404,
		when: 'The bot does not exist or is deleted: `errors.bot_id` (§4.16, §14.5).',
		body: notFoundUnderBody('bot_id'),
	},
	bot_forbidden: { status: 403, when: "The bot is another user's (§14.5).", body: errorBody },
	tag_unknown: {
		status: 422,
		when: "The `tag_id` is no tag of the contact's bot, under `tag_id` (§14.4).",
		body: validationBody,
	},
	tags_limit: {
		status: 422,
		when: 'The name is new and the bot already has 5000 tags, under `name`.',
		body: validationBody,
	},
} satisfies Record<TagRefusal['reason'], Answer>;
