/** Texts of the contacts area, in the request's language (§7.1). */
import { defineMessages } from '../kit/i18n';

export const contactsMessage = defineMessages({
	en: { bot_not_found: 'Bot not found.' },
	ru: { bot_not_found: 'Бот не найден.' },
});
