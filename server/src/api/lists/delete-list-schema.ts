/** deleteListSchema (§4.6): deletes a list with all its records. */
import { z } from 'zod';
import { schemaId } from '../../contract/lists/inputs';
import { deleteList } from '../../domain/lists/lists';
import { apiMethod, GET_AND_POST, noContent } from '../api-method';
import { listAnswers } from './answers';

const deleteListSchemaInput = z.object({ schema_id: schemaId() });

export const deleteListSchema = apiMethod({
	name: 'deleteListSchema',
	verbs: GET_AND_POST,
	summary: 'Deletes a list with all its records.',
	section: '§4.6',
	input: deleteListSchemaInput,
	example: { schema_id: '0123456789abcdef01234567' },
	success: [{ status: 204, when: 'Deleted; later lookups of the list answer 404.' }],
	refusals: listAnswers.for('list_not_found', 'list_forbidden'),
	commands: { count: 4, budget: 5 },
	async handle({ user, lang, models }, { schema_id }) {
		const outcome = await deleteList(models, user, schema_id);
		if (!outcome.ok) throw listAnswers.error(lang, outcome);
		return noContent();
	},
});
