/** The lists area's refusals as the spec's answers (§4.4 to §4.8, §7.2), in the request's language. */
import { z } from 'zod';
import type { ListRefusal } from '../../domain/lists/refusals';
import { listMessage } from '../../contract/lists/messages';
import { messageAndErrorBody, validationBody, type Answer } from '../../http/answers';
import { ApiError, fieldError, inClientLanguage } from '../../http/errors';
import type { Lang } from '../../http/language';

/** The refusal's answer in the client's language; the access log gets its English text. */
export function listRefusal(lang: Lang, refusal: ListRefusal): ApiError {
	return inClientLanguage(lang, (language) => answerOf(language, refusal));
}

function answerOf(lang: Lang, refusal: ListRefusal): ApiError {
	switch (refusal.reason) {
		case 'list_not_found': {
			// One text as `message`, `error` and `errors.schema_id` (§4.4).
			const text = listMessage(lang, 'list_not_found');
			return new ApiError(404, { message: text, error: text, errors: { schema_id: [text] } });
		}
		case 'list_forbidden': {
			const text = listMessage(lang, 'forbidden');
			return new ApiError(403, { message: text, error: text });
		}
		case 'lists_limit': {
			// `message` and `error`, the same text (§4.5).
			const text = listMessage(lang, 'lists_limit', { max: refusal.max });
			return new ApiError(403, { message: text, error: text });
		}
		case 'target_missing':
			return fieldError(
				lang,
				refusal.field,
				listMessage(lang, 'target_missing', { attribute: refusal.field.replace(/_/g, ' ') }),
			);
		case 'slug_taken':
			return fieldError(lang, 'field.slug', listMessage(lang, 'slug_taken', { attribute: 'field.slug' }));
		case 'slug_unknown':
			return fieldError(lang, 'slug', listMessage(lang, 'slug_unknown', { attribute: 'slug' }));
	}
}

const listNotFoundBody = z
	.object({ message: z.string(), error: z.string(), errors: z.object({ schema_id: z.array(z.string()).length(1) }) })
	.meta({ id: 'ListNotFound', description: 'One text as `message`, `error` and `errors.schema_id` (§4.4).' });

/** What each refusal answers, for the methods' declarations (and so for the API reference). */
export const listRefusalAnswers = {
	list_not_found: { status: 404, when: 'The list does not exist or was deleted (§4.4).', body: listNotFoundBody },
	list_forbidden: {
		status: 403,
		when: "The list, or the target project or bot, is not the key holder's own, also when invited as a team member (§4.5, §7.2).",
		body: messageAndErrorBody,
	},
	lists_limit: { status: 403, when: 'The project already has 5000 lists (§4.5, §8).', body: messageAndErrorBody },
	target_missing: { status: 422, when: 'The `bot_id` or `project_uuid` does not exist (§4.5).', body: validationBody },
	slug_taken: { status: 422, when: 'The slug is already in the list, under `field.slug` (§4.7).', body: validationBody },
	slug_unknown: { status: 422, when: 'The list has no field with this slug, under `slug` (§4.8).', body: validationBody },
} satisfies Record<ListRefusal['reason'], Answer>;
