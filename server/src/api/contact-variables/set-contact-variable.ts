/** setContactVariable (§11.4): sets a contact's variable by name, making it when new (201) or changing it (200). */
import { z } from 'zod';
import { contactId, variableName } from '../../contract/contact-variables/inputs';
import { contactVariableJson } from '../../contract/contact-variables/outputs';
import { presentContactVariable } from '../../contract/contact-variables/presenter';
import { boolean, text } from '../../contract/kit/validation';
import { MAX_VARIABLE_VALUE } from '../../domain/contact-variables/limits';
import { setVariable } from '../../domain/contact-variables/variables';
import { dataOf } from '../../http/answers';
import { apiMethod, created, GET_AND_POST, ok } from '../api-method';
import { variableAnswers } from './answers';

/** §14.7: any scalar value is stored as a string (a JSON number or boolean as its JSON text). */
const setContactVariableInput = z.object({
	contact_id: contactId(),
	name: variableName(),
	value: z
		.preprocess(
			(value) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value),
			text(MAX_VARIABLE_VALUE),
		)
		.meta({ description: 'The new value, up to 65,535 characters; a number or boolean is stored as its JSON text.' }),
	deletable: boolean().nullish().meta({
		description:
			'1: the platform removes the value once the bot creates a request; 0: kept. Default 0 on a new variable; omitted, an existing variable keeps its flag.',
	}),
});

export const setContactVariable = apiMethod({
	name: 'setContactVariable',
	verbs: GET_AND_POST,
	summary: 'Sets the value of a contact variable by name; a new name makes the variable. Parallel calls for one name make one.',
	section: '§11.4',
	input: setContactVariableInput,
	example: { contact_id: 1, name: 'city', value: 'Kazan', deletable: false },
	success: [
		{ status: 201, when: 'The variable was new on the contact (§14.7).', body: dataOf(contactVariableJson) },
		{ status: 200, when: 'The variable existed; its value was replaced (§14.7).', body: dataOf(contactVariableJson) },
	],
	refusals: variableAnswers.for('contact_not_found', 'contact_forbidden', 'variables_limit'),
	commands: { cases: { create: { count: 2, budget: 4 }, update: { count: 2, budget: 4 } } },
	async handle({ user, lang, models }, { contact_id, name, value, deletable }) {
		const outcome = await setVariable(models, user, contact_id, { name, value, deletable: deletable ?? undefined });
		if (!outcome.ok) throw variableAnswers.error(lang, outcome);
		const body = { data: presentContactVariable(outcome.variable) };
		return outcome.created ? created(body) : ok(body);
	},
});
