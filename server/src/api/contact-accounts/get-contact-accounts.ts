/** getContactAccounts (§4.9): the contact's accounts in the order they were opened. */
import { z } from 'zod';
import { GET_AND_POST, ok, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';
import { contactIdInput } from './inputs';
import { presentAccount } from './presenter';
import { listContactAccounts } from './service';

const input = z.object({ contact_id: contactIdInput });

export const getContactAccounts: ApiMethod = {
	name: 'getContactAccounts',
	verbs: GET_AND_POST,
	async handle(ctx) {
		const { contact_id } = validate(input, ctx.params, ctx.lang);
		const accounts = await listContactAccounts(ctx, contact_id);
		return ok({ data: accounts.map(presentAccount) });
	},
};
