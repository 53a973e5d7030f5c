/**
 * The contact variable area's refusals as the spec's answers (§11.6, §14.5, §14.8), in the request's language: a
 * missing or deleted contact is a 404 with `message` and `errors.contact_id`; another user's is a 403 `{error}`;
 * no variable with the `id` or `name` is a 404 under that key.
 */
import { z } from 'zod';
import { variableMessage } from '../../contract/contact-variables/messages';
import type { VariableRefusal } from '../../domain/contact-variables/refusals';
import { errorBody, validationBody, type Answer } from '../../http/answers';
import { fieldError, forbidden, inClientLanguage, type ApiError } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { notFoundUnder, notFoundUnderBody } from '../not-found-under';

/** The refusal's answer in the client's language; the access log gets its English text. */
export function variableRefusal(lang: Lang, refusal: VariableRefusal): ApiError {
	return inClientLanguage(lang, (language) => answerOf(language, refusal));
}

function answerOf(lang: Lang, refusal: VariableRefusal): ApiError {
	switch (refusal.reason) {
		case 'contact_not_found':
			return notFoundUnder('contact_id', variableMessage(lang, 'contact_not_found'));
		case 'contact_forbidden':
			return forbidden(variableMessage(lang, 'contact_forbidden'));
		case 'variable_not_found':
			return notFoundUnder(refusal.by, variableMessage(lang, 'variable_not_found', { attribute: refusal.by }));
		case 'variables_limit':
			return fieldError(lang, 'name', variableMessage(lang, 'variables_limit', { max: refusal.max }));
	}
}

/** What each refusal answers, for the methods' declarations (and so for the API reference). */
export const variableRefusalAnswers = {
	contact_not_found: {
		status: 404,
		when: 'The contact does not exist, or it or its bot is deleted: `errors.contact_id` (§14.5).',
		body: notFoundUnderBody('contact_id'),
	},
	contact_forbidden: { status: 403, when: "The contact is of another user's bot (§7.3, §14.5).", body: errorBody },
	variable_not_found: {
		status: 404,
		when: 'The contact has no variable with this `id` (or, without `id`, this `name`): under that key (§14.8).',
		body: z.union([notFoundUnderBody('id'), notFoundUnderBody('name')]),
	},
	variables_limit: {
		status: 422,
		when: 'The name is new and the contact already has 1000 variables, under `name`.',
		body: validationBody,
	},
} satisfies Record<VariableRefusal['reason'], Answer>;
