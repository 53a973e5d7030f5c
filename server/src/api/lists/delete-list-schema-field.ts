/** deleteListSchemaField (§4.8): removes a field and erases its values in every record. */
import { deleteListSchemaFieldInput } from '../../contract/lists/inputs';
import { deleteField } from '../../domain/lists/lists';
import { GET_AND_POST, noContent, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';
import { listRefusal } from './refusals';

export const deleteListSchemaField: ApiMethod = {
	name: 'deleteListSchemaField',
	verbs: GET_AND_POST,
	async handle({ params, user, lang, models }) {
		const { schema_id, slug } = validate(deleteListSchemaFieldInput, params, lang);
		const outcome = await deleteField(models, user, schema_id, slug);
		if (!outcome.ok) throw listRefusal(lang, outcome);
		return noContent();
	},
};
