/** addListSchemaField (§4.7): appends a field; existing records do not change. */
import { z } from 'zod';
import { GET_AND_POST, noContent, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';
import { fieldDefinition, schemaId } from './field-input';
import { addField } from './list-service';

// Unlike on creation, a money field must name its currency here (§4.7).
const input = z.object({ schema_id: schemaId(), field: fieldDefinition('error') });

export const addListSchemaField: ApiMethod = {
	name: 'addListSchemaField',
	verbs: GET_AND_POST,
	async handle({ params, user, lang, models }) {
		const { schema_id, field } = validate(input, params, lang);
		await addField(models, user, schema_id, field, lang);
		return noContent();
	},
};
