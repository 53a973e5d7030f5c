/** getContactVariables (§11.3): a contact's variables, the `variables` of the contact object with the same IDs (§14.6). */
import { z } from 'zod';
import { contactId } from '../../contract/contact-variables/inputs';
import { contactVariableJson } from '../../contract/contact-variables/outputs';
import { presentContactVariable } from '../../contract/contact-variables/presenter';
import { listVariables } from '../../domain/contact-variables/variables';
import { dataOf } from '../../http/answers';
import { apiMethod, GET_AND_POST, ok } from '../api-method';
import { variableAnswers } from './answers';

const getContactVariablesInput = z.object({ contact_id: contactId() });

export const getContactVariables = apiMethod({
	name: 'getContactVariables',
	verbs: GET_AND_POST,
	summary: "A contact's variables in ID order, unpaged; the IDs are those of the contact object's `variables`.",
	section: '§11.3',
	input: getContactVariablesInput,
	example: { contact_id: 1 },
	success: [{ status: 200, when: "The contact's variables.", body: dataOf(z.array(contactVariableJson)) }],
	refusals: variableAnswers.for('contact_not_found', 'contact_forbidden'),
	commands: { count: 2, budget: 3 },
	async handle({ user, lang, models }, { contact_id }) {
		const outcome = await listVariables(models, user, contact_id);
		if (!outcome.ok) throw variableAnswers.error(lang, outcome);
		return ok({ data: outcome.variables.map(presentContactVariable) });
	},
});
