/** getListSchemas (§4.3): the lists of every project the caller owns, 50 per page, in the envelope of §4.2. */
import { z } from 'zod';
import { integer } from '../../contract/kit/validation';
import { listJson } from '../../contract/lists/outputs';
import { presentList } from '../../contract/lists/presenter';
import { LISTS_PER_PAGE } from '../../domain/lists/limits';
import { listsPage } from '../../domain/lists/lists';
import { apiMethod, GET_AND_POST, ok } from '../api-method';
import { pageEnvelope, pageEnvelopeJson } from '../../contract/kit/pagination';

const getListSchemasInput = z.object({
	page: integer({ min: 1 }).nullish().meta({ description: 'The page, from 1; default 1.' }),
});

export const getListSchemas = apiMethod({
	name: 'getListSchemas',
	verbs: GET_AND_POST,
	summary: 'The lists of all projects the key holder owns, 50 per page.',
	section: '§4.3',
	input: getListSchemasInput,
	example: { page: 1 },
	success: [
		{
			status: 200,
			when: 'A page of lists; lists of projects the key holder was only invited to are not included.',
			body: pageEnvelopeJson(listJson),
		},
	],
	refusals: [],
	commands: { count: 3, budget: 4 },
	async handle({ user, models, methodUrl }, input) {
		const page = input.page ?? 1;
		const { items, total } = await listsPage(models, user, page);
		return ok(pageEnvelope(items.map(presentList), total, { page, perPage: LISTS_PER_PAGE, path: methodUrl }));
	},
});
