/** getContactAccounts (§4.9): the contact's accounts in the order they were opened. */
import { z } from 'zod';
import { contactId } from '../../contract/contact-accounts/inputs';
import { contactAccountJson } from '../../contract/contact-accounts/outputs';
import { presentContactAccount } from '../../contract/contact-accounts/presenter';
import { listContactAccounts } from '../../domain/contact-accounts/contact-accounts';
import { dataOf } from '../../http/answers';
import { apiMethod, GET_AND_POST, ok } from '../api-method';
import { contactAccountAnswers } from './answers';

const getContactAccountsInput = z.object({ contact_id: contactId() });

export const getContactAccounts = apiMethod({
	name: 'getContactAccounts',
	verbs: GET_AND_POST,
	summary: "A contact's contact accounts, in the order they were opened.",
	section: '§4.9',
	input: getContactAccountsInput,
	example: { contact_id: 1 },
	success: [{ status: 200, when: "The contact's accounts.", body: dataOf(z.array(contactAccountJson)) }],
	refusals: contactAccountAnswers.for('contact_not_found', 'contact_forbidden'),
	commands: { count: 3, budget: 4 },
	async handle({ user, lang, models }, { contact_id }) {
		const outcome = await listContactAccounts(models, user, contact_id);
		if (!outcome.ok) throw contactAccountAnswers.error(lang, outcome);
		return ok({ data: outcome.accounts.map(presentContactAccount) });
	},
});
