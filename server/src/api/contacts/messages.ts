/** Texts of the contacts area, in the request's language (§7.1). */
import { defineMessages } from '../../http/i18n';

export const contactsMessage = defineMessages({
	en: {
		bot_not_found: 'Bot not found.',
		previous_page: '&laquo; Previous',
		next_page: 'Next &raquo;',
	},
	ru: {
		bot_not_found: 'Бот не найден.',
		previous_page: '&laquo; Назад',
		next_page: 'Вперёд &raquo;',
	},
});
