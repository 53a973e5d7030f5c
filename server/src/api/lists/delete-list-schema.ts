/** deleteListSchema (§4.6): deletes a list with all its records. */
import { deleteListSchemaInput } from '../../contract/lists/inputs';
import { deleteList } from '../../domain/lists/lists';
import { GET_AND_POST, noContent, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';
import { listRefusal } from './refusals';

export const deleteListSchema: ApiMethod = {
	name: 'deleteListSchema',
	verbs: GET_AND_POST,
	async handle({ params, user, lang, models }) {
		const { schema_id } = validate(deleteListSchemaInput, params, lang);
		const outcome = await deleteList(models, user, schema_id);
		if (!outcome.ok) throw listRefusal(lang, outcome);
		return noContent();
	},
};
