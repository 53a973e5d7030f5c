/** withdrawFundsFromContactAccount (§4.13): debits the account, never below zero; 200 with the new balance. */
import { fundsInput } from '../../contract/contact-accounts/inputs';
import { contactAccountJson } from '../../contract/contact-accounts/outputs';
import { presentContactAccount } from '../../contract/contact-accounts/presenter';
import { withdraw } from '../../domain/contact-accounts/balance';
import { dataOf } from '../../http/answers';
import { apiMethod, ok, POST_ONLY } from '../api-method';
import { contactAccountAnswers } from './answers';

export const withdrawFundsFromContactAccount = apiMethod({
	name: 'withdrawFundsFromContactAccount',
	verbs: POST_ONLY,
	summary: 'Debits a contact account ("Debit via API" in its journal), never below zero, also under parallel calls.',
	section: '§4.13',
	input: fundsInput,
	example: { account_id: 1, amount: 2500, description: 'Paid for delivery' },
	success: [{ status: 200, when: 'The account with its reduced balance.', body: dataOf(contactAccountJson) }],
	refusals: contactAccountAnswers.for(
		'account_not_found',
		'account_forbidden',
		'account_blocked',
		'insufficient_funds',
		'contention',
	),
	commands: { count: 4, budget: 5 },
	async handle({ user, lang, models }, { account_id, amount, description }) {
		const outcome = await withdraw(models, user, { accountId: account_id, amount, description });
		if (!outcome.ok) throw contactAccountAnswers.error(lang, outcome);
		return ok({ data: presentContactAccount(outcome.account) });
	},
});
