/** The contacts area's refusals as the spec's answers (§4.16, §7.4), in the request's language. */
import { contactsMessage } from '../../contract/contacts/messages';
import type { ContactRefusal } from '../../domain/contacts/refusals';
import { ApiError } from '../../http/errors';
import type { Lang } from '../../http/i18n';

export function contactRefusal(lang: Lang, refusal: ContactRefusal): ApiError {
	switch (refusal.reason) {
		case 'bot_not_found': {
			// `message` and `errors.bot_id` (§4.16).
			const message = contactsMessage(lang, 'bot_not_found');
			return new ApiError(404, { message, errors: { bot_id: [message] } });
		}
	}
}
