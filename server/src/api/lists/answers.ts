/** The lists area's refusals as the spec's answers (§4.4 to §4.8, §7.2): one entry per reason of `ListRefusal`. */
import type { Vars } from '../../contract/kit/i18n';
import { validationMessage } from '../../contract/kit/validation-messages';
import type { ListRefusal } from '../../domain/lists/refusals';
import type { Lang } from '../../http/language';
import { refusalAnswers, type RefusalAnswer } from '../refusal-answers';

/** Laravel's text of the `exists` rule, which an unknown value of an enumeration gets too. */
const selectedIsInvalid = (lang: Lang, vars: Vars) => validationMessage(lang, 'in', vars);

/** A list's 404, also the answer of the list item methods to a missing list (§12.8). */
export const listNotFound: RefusalAnswer<unknown> = {
	status: 404,
	as: ['message', 'error'],
	errors: 'schema_id',
	bodyId: 'ListNotFound',
	text: { en: 'List not found.', ru: 'Список не найден.' },
	when: 'The list does not exist or was deleted (§4.4).',
};

export const listAnswers = refusalAnswers<ListRefusal>({
	list_not_found: listNotFound,
	list_forbidden: {
		status: 403,
		as: ['message', 'error'],
		text: { en: 'This action is unauthorized.', ru: 'Действие не разрешено.' },
		when: "The list, or the target project or bot, is not the key holder's own, also when invited as a team member (§4.5, §7.2).",
	},
	lists_limit: {
		status: 403,
		as: ['message', 'error'],
		text: { en: 'The project already has the maximum of :max lists.', ru: 'В проекте уже максимальное число списков: :max.' },
		vars: ({ max }) => ({ max }),
		when: 'The project already has 5000 lists (§4.5, §8).',
	},
	target_missing: {
		status: 422,
		as: ['message'],
		errors: ({ field }) => field,
		text: selectedIsInvalid,
		when: 'The `bot_id` or `project_uuid` does not exist (§4.5).',
	},
	slug_taken: {
		status: 422,
		as: ['message'],
		errors: 'field.slug',
		text: { en: 'The :attribute has already been taken.', ru: 'Такое значение поля :attribute уже существует.' },
		when: 'The slug is already in the list, under `field.slug` (§4.7).',
	},
	slug_unknown: {
		status: 422,
		as: ['message'],
		errors: 'slug',
		text: selectedIsInvalid,
		when: 'The list has no field with this slug, under `slug` (§4.8).',
	},
});
