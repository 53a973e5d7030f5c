/** getMe (§5.5): the account the key belongs to. */
import { presentMe } from '../../contract/me/presenter';
import { GET_AND_POST, ok, type ApiMethod } from '../../http/api-method';

export const getMe: ApiMethod = {
	name: 'getMe',
	verbs: GET_AND_POST,
	async handle({ user }) {
		return ok({ data: presentMe(user) });
	},
};
