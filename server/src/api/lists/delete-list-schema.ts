/** deleteListSchema (§4.6): deletes a list with all its records. */
import { z } from 'zod';
import { GET_AND_POST, noContent, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';
import { schemaId } from './field-input';
import { deleteList } from './list-service';

const input = z.object({ schema_id: schemaId() });

export const deleteListSchema: ApiMethod = {
	name: 'deleteListSchema',
	verbs: GET_AND_POST,
	async handle({ params, user, lang, models }) {
		const { schema_id } = validate(input, params, lang);
		await deleteList(models, user, schema_id, lang);
		return noContent();
	},
};
