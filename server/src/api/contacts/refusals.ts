/** The contacts area's refusals as the spec's answers (§4.16, §7.4), in the request's language. */
import { contactsMessage } from '../../contract/contacts/messages';
import type { ContactRefusal } from '../../domain/contacts/refusals';
import { z } from 'zod';
import type { Answer } from '../../http/answers';
import { ApiError, inClientLanguage } from '../../http/errors';
import type { Lang } from '../../http/language';

/** The refusal's answer in the client's language; the access log gets its English text. */
export function contactRefusal(lang: Lang, refusal: ContactRefusal): ApiError {
	return inClientLanguage(lang, (language) => answerOf(language, refusal));
}

function answerOf(lang: Lang, refusal: ContactRefusal): ApiError {
	switch (refusal.reason) {
		case 'bot_not_found': {
			// `message` and `errors.bot_id` (§4.16).
			const message = contactsMessage(lang, 'bot_not_found');
			return new ApiError(404, { message, errors: { bot_id: [message] } });
		}
	}
}

/** What each refusal answers, for the methods' declarations (and so for the API reference). */
export const contactRefusalAnswers = {
	bot_not_found: {
		status: 404,
		when: 'No bot of the key holder has this `bot_id` (§4.16, §7.4).',
		body: z.object({ message: z.string(), errors: z.object({ bot_id: z.array(z.string()).length(1) }) }),
	},
} satisfies Record<ContactRefusal['reason'], Answer>;
