/** withdrawFundsFromContactAccount (§4.13): debits the account, never below zero; 200 with the new balance. */
import { fundsInput } from '../../contract/contact-accounts/inputs';
import { presentAccount } from '../../contract/contact-accounts/presenter';
import { withdraw } from '../../domain/contact-accounts/balance';
import { ok, POST_ONLY, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';
import { accountRefusal } from './refusals';

export const withdrawFundsFromContactAccount: ApiMethod = {
	name: 'withdrawFundsFromContactAccount',
	verbs: POST_ONLY,
	async handle({ params, user, lang, models }) {
		const { account_id, amount, description } = validate(fundsInput, params, lang);
		const outcome = await withdraw(models, user, { accountId: account_id, amount, description });
		if (!outcome.ok) throw accountRefusal(lang, outcome, amount);
		return ok({ data: presentAccount(outcome.account) });
	},
};
