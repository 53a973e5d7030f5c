/** addListSchemaField (§4.7): appends a field; existing records do not change. */
import { z } from 'zod';
import { fieldDefinition, schemaId } from '../../contract/lists/inputs';
import { addField } from '../../domain/lists/lists';
import { apiMethod, GET_AND_POST, noContent } from '../api-method';
import { listAnswers } from './answers';

/** Unlike on creation, a money field must name its currency. */
const addListSchemaFieldInput = z.object({ schema_id: schemaId(), field: fieldDefinition('error') });

export const addListSchemaField = apiMethod({
	name: 'addListSchemaField',
	verbs: GET_AND_POST,
	summary: 'Adds a field at the end of a list.',
	section: '§4.7',
	input: addListSchemaFieldInput,
	example: { schema_id: '0123456789abcdef01234567', field: { name: 'Delivery date', slug: 'delivery_date', type: 'date' } },
	success: [{ status: 204, when: 'Added; existing records do not change.' }],
	refusals: listAnswers.for('list_not_found', 'list_forbidden', 'slug_taken'),
	commands: { count: 3, budget: 4 },
	async handle({ user, lang, models }, { schema_id, field }) {
		const outcome = await addField(models, user, schema_id, field);
		if (!outcome.ok) throw listAnswers.error(lang, outcome);
		return noContent();
	},
});
