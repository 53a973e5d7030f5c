/** The lists area's refusals as the spec's answers (§4.4 to §4.8, §7.2), in the request's language. */
import type { ListRefusal } from '../../domain/lists/refusals';
import { listMessage } from '../../contract/lists/messages';
import { ApiError, fieldError } from '../../http/errors';
import type { Lang } from '../../http/i18n';

export function listRefusal(lang: Lang, refusal: ListRefusal): ApiError {
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
