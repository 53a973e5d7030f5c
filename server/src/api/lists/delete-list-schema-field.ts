/** deleteListSchemaField (§4.8): removes a field and erases its values in every record. */
import { z } from 'zod';
import { text } from '../../contract/kit/validation';
import { schemaId } from '../../contract/lists/inputs';
import { deleteField } from '../../domain/lists/field-deletion';
import { apiMethod, GET_AND_POST, noContent } from '../api-method';
import { listAnswers } from './answers';

const deleteListSchemaFieldInput = z.object({
	schema_id: schemaId(),
	slug: text(255).meta({ description: 'The slug of the field to remove.' }),
});

export const deleteListSchemaField = apiMethod({
	name: 'deleteListSchemaField',
	verbs: GET_AND_POST,
	summary: 'Removes a field from a list, erasing its values in every record.',
	section: '§4.8',
	input: deleteListSchemaFieldInput,
	example: { schema_id: '0123456789abcdef01234567', slug: 'delivery_date' },
	success: [{ status: 204, when: 'Removed; the values are erased irreversibly.' }],
	refusals: listAnswers.for('list_not_found', 'list_forbidden', 'slug_unknown'),
	commands: { count: 4, budget: 5 },
	async handle({ user, lang, models }, { schema_id, slug }) {
		const outcome = await deleteField(models, user, schema_id, slug);
		if (!outcome.ok) throw listAnswers.error(lang, outcome);
		return noContent();
	},
});
