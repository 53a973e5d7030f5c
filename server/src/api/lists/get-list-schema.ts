/** getListSchema (§4.4): one of the caller's lists. */
import { z } from 'zod';
import { GET_AND_POST, ok, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';
import { schemaId } from './field-input';
import { ownedList } from './list-service';
import { presentList } from './present-list';

const input = z.object({ schema_id: schemaId() });

export const getListSchema: ApiMethod = {
	name: 'getListSchema',
	verbs: GET_AND_POST,
	async handle({ params, user, lang, models }) {
		const { schema_id } = validate(input, params, lang);
		return ok({ data: presentList(await ownedList(models, user, schema_id, lang)) });
	},
};
