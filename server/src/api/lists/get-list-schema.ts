/** getListSchema (§4.4): one of the caller's lists. */
import { getListSchemaInput } from '../../contract/lists/inputs';
import { presentList } from '../../contract/lists/presenter';
import { findOwnedList } from '../../domain/lists/lists';
import { GET_AND_POST, ok, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';
import { listRefusal } from './refusals';

export const getListSchema: ApiMethod = {
	name: 'getListSchema',
	verbs: GET_AND_POST,
	async handle({ params, user, lang, models }) {
		const { schema_id } = validate(getListSchemaInput, params, lang);
		const outcome = await findOwnedList(models, user, schema_id);
		if (!outcome.ok) throw listRefusal(lang, outcome);
		return ok({ data: presentList(outcome.list) });
	},
};
