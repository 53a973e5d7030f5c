/** withdrawFundsFromContactAccount (§4.13): debits the account, never below zero; 200 with the new balance. */
import { ok, POST_ONLY, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';
import { fundsInput } from './inputs';
import { presentAccount } from './presenter';
import { withdrawFunds } from './service';

export const withdrawFundsFromContactAccount: ApiMethod = {
	name: 'withdrawFundsFromContactAccount',
	verbs: POST_ONLY,
	async handle(ctx) {
		const { account_id, amount, description } = validate(fundsInput, ctx.params, ctx.lang);
		const account = await withdrawFunds(ctx, { accountId: account_id, amount, description });
		return ok({ data: presentAccount(account) });
	},
};
