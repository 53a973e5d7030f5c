/** withdrawFundsFromContactAccount (§4.13): debits the account, never below zero; 200 with the new balance. */
import { fundsInput } from '../../contract/contact-accounts/inputs';
import { contactAccountJson } from '../../contract/contact-accounts/outputs';
import { presentContactAccount } from '../../contract/contact-accounts/presenter';
import { withdraw } from '../../domain/contact-accounts/balance';
import { dataOf } from '../../http/answers';
import { apiMethod, ok, POST_ONLY } from '../../http/api-method';
import { accountRefusal, accountRefusalAnswers } from './refusals';

export const withdrawFundsFromContactAccount = apiMethod({
	name: 'withdrawFundsFromContactAccount',
	verbs: POST_ONLY,
	summary: 'Debits a contact account ("Debit via API" in its journal), never below zero, also under parallel calls.',
	section: '§4.13',
	input: fundsInput,
	example: { account_id: 1, amount: 2500, description: 'Paid for delivery' },
	success: [{ status: 200, when: 'The account with its reduced balance.', body: dataOf(contactAccountJson) }],
	refusals: [
		accountRefusalAnswers.account_not_found,
		accountRefusalAnswers.account_forbidden,
		accountRefusalAnswers.account_blocked,
		accountRefusalAnswers.insufficient_funds,
		accountRefusalAnswers.contention,
	],
	async handle({ user, lang, models }, { account_id, amount, description }) {
		const outcome = await withdraw(models, user, { accountId: account_id, amount, description });
		if (!outcome.ok) throw accountRefusal(lang, outcome, amount);
		return ok({ data: presentContactAccount(outcome.account) });
	},
});
