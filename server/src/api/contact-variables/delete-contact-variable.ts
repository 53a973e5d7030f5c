/** deleteContactVariable (§11.5): removes a variable from a contact by `id` or `name`; 204 (§14.2). */
import { deleteContactVariableInput } from '../../contract/contact-variables/inputs';
import { deleteVariable } from '../../domain/contact-variables/variables';
import { apiMethod, GET_AND_POST, noContent } from '../../http/api-method';
import { variableRefusal, variableRefusalAnswers } from './refusals';

export const deleteContactVariable = apiMethod({
	name: 'deleteContactVariable',
	verbs: GET_AND_POST,
	summary: 'Removes a variable from a contact by `id` (wins when both are sent) or `name`.',
	section: '§11.5',
	input: deleteContactVariableInput,
	example: { contact_id: 1, name: 'city' },
	success: [{ status: 204, when: 'Removed.' }],
	refusals: [
		variableRefusalAnswers.contact_not_found,
		variableRefusalAnswers.contact_forbidden,
		variableRefusalAnswers.variable_not_found,
	],
	async handle({ user, lang, models }, { contact_id, id, name }) {
		const outcome = await deleteVariable(models, user, contact_id, { id, name });
		if (!outcome.ok) throw variableRefusal(lang, outcome);
		return noContent();
	},
});
