/** addFundsToContactAccount (§4.12): tops the account up, blocked or not; 200 with the new balance. */
import { fundsInput } from '../../contract/contact-accounts/inputs';
import { contactAccountJson } from '../../contract/contact-accounts/outputs';
import { presentContactAccount } from '../../contract/contact-accounts/presenter';
import { deposit } from '../../domain/contact-accounts/balance';
import { dataOf } from '../../http/answers';
import { apiMethod, ok, POST_ONLY } from '../api-method';
import { contactAccountAnswers } from './answers';

export const addFundsToContactAccount = apiMethod({
	name: 'addFundsToContactAccount',
	verbs: POST_ONLY,
	summary: 'Tops a contact account up ("Deposit via API" in its journal); a blocked one can be topped up.',
	section: '§4.12',
	input: fundsInput,
	example: { account_id: 1, amount: 15000, description: 'Bonus for the order #42' },
	success: [{ status: 200, when: 'The account with its new balance.', body: dataOf(contactAccountJson) }],
	refusals: contactAccountAnswers.for('account_not_found', 'account_forbidden', 'balance_limit', 'contention'),
	commands: { count: 4, budget: 5 },
	async handle({ user, lang, models }, { account_id, amount, description }) {
		const outcome = await deposit(models, user, { accountId: account_id, amount, description });
		if (!outcome.ok) throw contactAccountAnswers.error(lang, outcome);
		return ok({ data: presentContactAccount(outcome.account) });
	},
});
