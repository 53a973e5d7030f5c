/** addFundsToContactAccount (§4.12): tops the account up, blocked or not; 200 with the new balance. */
import { ok, POST_ONLY, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';
import { fundsInput } from './inputs';
import { presentAccount } from './presenter';
import { addFunds } from './service';

export const addFundsToContactAccount: ApiMethod = {
	name: 'addFundsToContactAccount',
	verbs: POST_ONLY,
	async handle(ctx) {
		const { account_id, amount, description } = validate(fundsInput, ctx.params, ctx.lang);
		const account = await addFunds(ctx, { accountId: account_id, amount, description });
		return ok({ data: presentAccount(account) });
	},
};
