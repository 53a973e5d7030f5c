/** deleteListSchemaField (§4.8): removes a field and erases its values in every record. */
import { z } from 'zod';
import { GET_AND_POST, noContent, type ApiMethod } from '../../http/api-method';
import { text, validate } from '../../http/validation';
import { schemaId } from './field-input';
import { deleteField } from './list-service';

const input = z.object({ schema_id: schemaId(), slug: text(255) });

export const deleteListSchemaField: ApiMethod = {
	name: 'deleteListSchemaField',
	verbs: GET_AND_POST,
	async handle({ params, user, lang, models }) {
		const { schema_id, slug } = validate(input, params, lang);
		await deleteField(models, user, schema_id, slug, lang);
		return noContent();
	},
};
