/** getMe (§5.5): the account the key belongs to. */
import { z } from 'zod';
import { meJson } from '../../contract/me/outputs';
import { presentMe } from '../../contract/me/presenter';
import { dataOf } from '../../http/answers';
import { apiMethod, GET_AND_POST, ok } from '../api-method';

export const getMe = apiMethod({
	name: 'getMe',
	verbs: GET_AND_POST,
	summary: 'The user the key belongs to: checks a key.',
	section: '§5.5',
	input: z.object({}),
	example: {},
	success: [{ status: 200, when: 'The key is valid.', body: dataOf(meJson) }],
	refusals: [],
	commands: { count: 1, budget: 2 },
	async handle({ user }) {
		return ok({ data: presentMe(user) });
	},
});
