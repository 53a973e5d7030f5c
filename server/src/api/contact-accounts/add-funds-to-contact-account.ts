/** addFundsToContactAccount (§4.12): tops the account up, blocked or not; 200 with the new balance. */
import { fundsInput } from '../../contract/contact-accounts/inputs';
import { presentAccount } from '../../contract/contact-accounts/presenter';
import { deposit } from '../../domain/contact-accounts/balance';
import { ok, POST_ONLY, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';
import { accountRefusal } from './refusals';

export const addFundsToContactAccount: ApiMethod = {
	name: 'addFundsToContactAccount',
	verbs: POST_ONLY,
	async handle({ params, user, lang, models }) {
		const { account_id, amount, description } = validate(fundsInput, params, lang);
		const outcome = await deposit(models, user, { accountId: account_id, amount, description });
		if (!outcome.ok) throw accountRefusal(lang, outcome, amount);
		return ok({ data: presentAccount(outcome.account) });
	},
};
