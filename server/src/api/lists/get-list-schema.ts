/** getListSchema (§4.4): one of the caller's lists. */
import { z } from 'zod';
import { schemaId } from '../../contract/lists/inputs';
import { listJson } from '../../contract/lists/outputs';
import { presentList } from '../../contract/lists/presenter';
import { findOwnedList } from '../../domain/lists/lists';
import { dataOf } from '../../http/answers';
import { apiMethod, GET_AND_POST, ok } from '../api-method';
import { listAnswers } from './answers';

const getListSchemaInput = z.object({ schema_id: schemaId() });

export const getListSchema = apiMethod({
	name: 'getListSchema',
	verbs: GET_AND_POST,
	summary: 'One list.',
	section: '§4.4',
	input: getListSchemaInput,
	example: { schema_id: '0123456789abcdef01234567' },
	success: [{ status: 200, when: 'The list.', body: dataOf(listJson) }],
	refusals: listAnswers.for('list_not_found', 'list_forbidden'),
	commands: { count: 2, budget: 3 },
	async handle({ user, lang, models }, { schema_id }) {
		const outcome = await findOwnedList(models, user, schema_id);
		if (!outcome.ok) throw listAnswers.error(lang, outcome);
		return ok({ data: presentList(outcome.list) });
	},
});
