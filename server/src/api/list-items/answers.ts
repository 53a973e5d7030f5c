/** The list items area's refusals as the spec's answers (§12.8): one entry per reason of `ListItemRefusal`. */
import type { ListItemRefusal } from '../../domain/list-items/refusals';
import { listNotFound } from '../lists/answers';
import { refusalAnswers } from '../refusal-answers';

const unauthorized = { en: 'This action is unauthorized.', ru: 'Действие не разрешено.' };

export const listItemAnswers = refusalAnswers<ListItemRefusal>({
	// As §4.4: one text as `message`, `error` and `errors.schema_id`.
	list_not_found: listNotFound,
	list_forbidden: {
		status: 403,
		as: ['message', 'error'],
		text: unauthorized,
		when: "The list is not the key holder's own, also when invited as a team member (§12.8, §7.2).",
	},
	item_not_found: {
		status: 404,
		as: ['message', 'error'],
		errors: 'item_id',
		bodyId: 'ListItemNotFound',
		text: { en: 'List item not found.', ru: 'Запись списка не найдена.' },
		when: 'The item does not exist, was deleted, its list was deleted (§4.6), or it is not of the `schema_id` sent (§12.8, §12.6).',
	},
	item_forbidden: {
		status: 403,
		as: ['message', 'error'],
		text: unauthorized,
		when: "The item's list is not the key holder's own (§12.8).",
	},
	value_not_owned: {
		status: 422,
		as: ['message'],
		errors: ({ slugs }) => slugs.map((slug) => `data.${slug}`),
		text: { en: 'The selected :attribute is invalid.', ru: 'Выбранное значение для :attribute некорректно.' },
		when: "A `contact` or `bot` value is not one of the key holder's own contacts or bots, under `data.<slug>` (§12.2).",
	},
	no_such_field: {
		status: 422,
		as: ['message'],
		errors: ({ param }) => param,
		text: { en: 'The list has no :type field.', ru: 'В списке нет поля типа :type.' },
		vars: ({ param }) => ({ type: param === 'bot_id' ? 'bot' : 'contact' }),
		when: '`bot_id` or `contact_id` was sent for a list without a field of that type, under that parameter (§12.4).',
	},
});
