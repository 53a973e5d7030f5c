/**
 * The contact variable area's refusals as the spec's answers (§11.6, §14.5, §14.8): one entry per reason of
 * `VariableRefusal`. A missing or deleted contact is a 404 with `message` and `errors.contact_id`; another user's is
 * a 403 `{error}`; no variable with the `id` or `name` is a 404 under that key.
 */
import type { VariableRefusal } from '../../domain/contact-variables/refusals';
import { contactAccessAnswers } from '../contact-access-answers';
import { refusalAnswers, type RefusalAnswer } from '../refusal-answers';

/** No variable chosen by `key` (§14.8); the text names the key. */
const variableNotFound = (key: 'id' | 'name'): RefusalAnswer<unknown> => ({
	status: 404,
	as: ['message'],
	errors: key,
	text: { en: 'The contact has no variable with this :attribute.', ru: 'У контакта нет переменной с таким :attribute.' },
	when:
		key === 'id'
			? 'The contact has no variable with this `id`: `errors.id` (§14.8).'
			: 'No `id` was sent and the contact has no variable with this `name`: `errors.name` (§14.8).',
});

export const variableAnswers = refusalAnswers<VariableRefusal>({
	...contactAccessAnswers,
	variable_id_not_found: variableNotFound('id'),
	variable_name_not_found: variableNotFound('name'),
	variables_limit: {
		status: 422,
		as: ['message'],
		errors: 'name',
		text: {
			en: 'The contact already has :max variables; no new variable can be set.',
			ru: 'У контакта уже :max переменных; новую переменную задать нельзя.',
		},
		vars: ({ max }) => ({ max }),
		when: 'The name is new and the contact already has 1000 variables, under `name`.',
	},
});
