/** getListSchemas (§4.3): the lists of every project the caller owns, 50 per page, in the envelope of §4.2. */
import { getListSchemasInput } from '../../contract/lists/inputs';
import { presentList } from '../../contract/lists/presenter';
import { LISTS_PER_PAGE } from '../../domain/lists/limits';
import { listsPage } from '../../domain/lists/lists';
import { GET_AND_POST, ok, type ApiMethod } from '../../http/api-method';
import { pageEnvelope } from '../../http/pagination';
import { validate } from '../../http/validation';

export const getListSchemas: ApiMethod = {
	name: 'getListSchemas',
	verbs: GET_AND_POST,
	async handle({ params, user, lang, models, methodUrl }) {
		const page = validate(getListSchemasInput, params, lang).page ?? 1;
		const { items, total } = await listsPage(models, user, page);
		return ok(pageEnvelope(items.map(presentList), total, { page, perPage: LISTS_PER_PAGE, path: methodUrl }));
	},
};
