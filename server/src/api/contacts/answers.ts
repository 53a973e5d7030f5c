/** The contacts area's refusals as the spec's answers (§4.16, §7.4): one entry per reason of `ContactRefusal`. */
import type { ContactRefusal } from '../../domain/contacts/refusals';
import { refusalAnswers } from '../refusal-answers';

export const contactAnswers = refusalAnswers<ContactRefusal>({
	bot_not_found: {
		status: 404,
		as: ['message'],
		errors: 'bot_id',
		text: { en: 'Bot not found.', ru: 'Бот не найден.' },
		when: 'No bot of the key holder has this `bot_id` (§4.16, §7.4).',
	},
});
