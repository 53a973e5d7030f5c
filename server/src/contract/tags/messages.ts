/** Texts of the tag methods, in the request's language (§7.1). `errors` keys never change. */
import { defineMessages } from '../../http/i18n';

export const tagMessage = defineMessages({
	en: {
		contact_not_found: 'Contact not found.',
		contact_forbidden: 'You do not have access to this contact.',
		bot_not_found: 'Bot not found.',
		bot_forbidden: 'You do not have access to this bot.',
		tag_unknown: "The selected tag id is not a tag of the contact's bot.",
		tags_limit: 'The bot already has :max tags; no new tag can be made.',
	},
	ru: {
		contact_not_found: 'Контакт не найден.',
		contact_forbidden: 'Нет доступа к этому контакту.',
		bot_not_found: 'Бот не найден.',
		bot_forbidden: 'Нет доступа к этому боту.',
		tag_unknown: 'Выбранный tag id не является тегом бота этого контакта.',
		tags_limit: 'У бота уже :max тегов; новый тег создать нельзя.',
	},
});
