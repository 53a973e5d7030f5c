/** getListSchemas (§4.3): the lists of every project the caller owns, 50 per page, in the envelope of §4.2. */
import { z } from 'zod';
import { GET_AND_POST, ok, type ApiMethod } from '../../http/api-method';
import { pageEnvelope } from '../../http/pagination';
import { integer, validate } from '../../http/validation';
import { LISTS_PER_PAGE, listsPage } from './list-service';
import { presentList } from './present-list';

const input = z.object({ page: integer({ min: 1 }).nullish() });

export const getListSchemas: ApiMethod = {
	name: 'getListSchemas',
	verbs: GET_AND_POST,
	async handle({ params, user, lang, models, methodUrl }) {
		const page = validate(input, params, lang).page ?? 1;
		const { items, total } = await listsPage(models, user, page);
		return ok(pageEnvelope(items.map(presentList), total, { page, perPage: LISTS_PER_PAGE, path: methodUrl }));
	},
};
