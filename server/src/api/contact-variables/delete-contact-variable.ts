/** deleteContactVariable (§11.5): removes a variable from a contact by `id` or `name`; 204 (§14.2). */
import { z } from 'zod';
import { contactId, variableName } from '../../contract/contact-variables/inputs';
import { eitherOf } from '../../contract/kit/one-of';
import { integer } from '../../contract/kit/validation';
import { deleteVariable } from '../../domain/contact-variables/variables';
import { apiMethod, GET_AND_POST, noContent } from '../api-method';
import { variableAnswers } from './answers';

/** §14.8: by `id` or `name`; `id` wins when both are sent. */
const deleteContactVariableInput = z
	.object({
		contact_id: contactId(),
		id: integer({ min: 1 }).nullish().meta({
			description:
				'The variable ID (`id` of getContactVariables and of the contact object). Required without `name`; wins over it.',
		}),
		name: variableName().nullish().meta({ description: 'The variable name. Required without `id`.' }),
	})
	.superRefine(...eitherOf('id', 'name'));

export const deleteContactVariable = apiMethod({
	name: 'deleteContactVariable',
	verbs: GET_AND_POST,
	summary: 'Removes a variable from a contact by `id` (wins when both are sent) or `name`.',
	section: '§11.5',
	input: deleteContactVariableInput,
	example: { contact_id: 1, name: 'city' },
	success: [{ status: 204, when: 'Removed.' }],
	refusals: variableAnswers.for('contact_not_found', 'contact_forbidden', 'variable_id_not_found', 'variable_name_not_found'),
	commands: { count: 2, budget: 4 },
	async handle({ user, lang, models }, { contact_id, id, name }) {
		const outcome = await deleteVariable(models, user, contact_id, { id, name });
		if (!outcome.ok) throw variableAnswers.error(lang, outcome);
		return noContent();
	},
});
