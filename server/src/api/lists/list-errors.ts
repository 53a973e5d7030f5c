/** The lists area's non-validation answers, in the body shapes of §4.4, §4.5 and §7.2. */
import { ApiError, fieldError } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { listMessage } from './list-messages';

/** 404 for a missing, deleted or malformed `schema_id`: one text as `message`, `error` and `errors.schema_id` (§4.4). */
export function listNotFound(lang: Lang): ApiError {
	const text = listMessage(lang, 'list_not_found');
	return new ApiError(404, { message: text, error: text, errors: { schema_id: [text] } });
}

/** 403 for another account's list, project or bot, an invited project included (§4.5, §7.2). */
export function listForbidden(lang: Lang): ApiError {
	const text = listMessage(lang, 'forbidden');
	return new ApiError(403, { message: text, error: text });
}

/** 403 when the project already holds the maximum number of lists: `message` and `error`, same text (§4.5). */
export function listsLimitReached(lang: Lang, max: number): ApiError {
	const text = listMessage(lang, 'lists_limit', { max });
	return new ApiError(403, { message: text, error: text });
}

/** 422 for a `project_uuid` or `bot_id` that names nothing (§4.5). */
export function targetMissing(lang: Lang, field: 'project_uuid' | 'bot_id'): ApiError {
	return fieldError(lang, field, listMessage(lang, 'target_missing', { attribute: field.replace(/_/g, ' ') }));
}
