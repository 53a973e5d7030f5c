/** addListSchemaField (§4.7): appends a field; existing records do not change. */
import { addListSchemaFieldInput } from '../../contract/lists/inputs';
import { addField } from '../../domain/lists/lists';
import { GET_AND_POST, noContent, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';
import { listRefusal } from './refusals';

export const addListSchemaField: ApiMethod = {
	name: 'addListSchemaField',
	verbs: GET_AND_POST,
	async handle({ params, user, lang, models }) {
		const { schema_id, field } = validate(addListSchemaFieldInput, params, lang);
		const outcome = await addField(models, user, schema_id, field);
		if (!outcome.ok) throw listRefusal(lang, outcome);
		return noContent();
	},
};
