/** The list items area's refusals as the spec's answers (§12.8), in the request's language. */
import { z } from 'zod';
import { listItemMessage } from '../../contract/list-items/messages';
import { listMessage } from '../../contract/lists/messages';
import type { ListItemRefusal } from '../../domain/list-items/refusals';
import { messageAndErrorBody, validationBody, type Answer } from '../../http/answers';
import { ApiError, inClientLanguage, ValidationError } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { listRefusalAnswers } from '../lists/refusals';

/** The refusal's answer in the client's language; the access log gets its English text. */
export function listItemRefusal(lang: Lang, refusal: ListItemRefusal): ApiError {
	return inClientLanguage(lang, (language) => answerOf(language, refusal));
}

function answerOf(lang: Lang, refusal: ListItemRefusal): ApiError {
	switch (refusal.reason) {
		case 'list_not_found': {
			// As §4.4: one text as `message`, `error` and `errors.schema_id`.
			const text = listMessage(lang, 'list_not_found');
			return new ApiError(404, { message: text, error: text, errors: { schema_id: [text] } });
		}
		case 'list_forbidden':
		case 'item_forbidden': {
			const text = listItemMessage(lang, 'forbidden');
			return new ApiError(403, { message: text, error: text });
		}
		case 'item_not_found': {
			// As §4.4 for lists (§12.8): one text as `message`, `error` and `errors.item_id`.
			const text = listItemMessage(lang, 'item_not_found');
			return new ApiError(404, { message: text, error: text, errors: { item_id: [text] } });
		}
		case 'value_not_owned': {
			const errors = Object.fromEntries(
				refusal.slugs.map((slug) => [`data.${slug}`, [listItemMessage(lang, 'not_owned', { attribute: `data.${slug}` })]]),
			);
			return new ValidationError(errors, lang);
		}
		case 'no_such_field': {
			const text = listItemMessage(lang, 'no_such_field', { type: refusal.param === 'bot_id' ? 'bot' : 'contact' });
			return new ValidationError({ [refusal.param]: [text] }, lang);
		}
	}
}

const itemNotFoundBody = z
	.object({ message: z.string(), error: z.string(), errors: z.object({ item_id: z.array(z.string()).length(1) }) })
	.meta({ id: 'ListItemNotFound', description: 'One text as `message`, `error` and `errors.item_id` (§12.8).' });

/** What each refusal answers, for the methods' declarations (and so for the API reference). */
export const listItemRefusalAnswers = {
	list_not_found: listRefusalAnswers.list_not_found,
	list_forbidden: {
		status: 403,
		when: "The list is not the key holder's own, also when invited as a team member (§12.8, §7.2).",
		body: messageAndErrorBody,
	},
	item_not_found: {
		status: 404,
		when: 'The item does not exist, was deleted, its list was deleted (§4.6), or it is not of the `schema_id` sent (§12.8, §12.6).',
		body: itemNotFoundBody,
	},
	item_forbidden: {
		status: 403,
		when: "The item's list is not the key holder's own (§12.8).",
		body: messageAndErrorBody,
	},
	value_not_owned: {
		status: 422,
		when: "A `contact` or `bot` value is not one of the key holder's own contacts or bots, under `data.<slug>` (§12.2).",
		body: validationBody,
	},
	no_such_field: {
		status: 422,
		when: '`bot_id` or `contact_id` was sent for a list without a field of that type, under that parameter (§12.4).',
		body: validationBody,
	},
} satisfies Record<ListItemRefusal['reason'], Answer>;
