/** addContactAccount (§4.10) and its alias createContactAccount (§9): opens an empty account in a currency. */
import { z } from 'zod';
import { contactId, currency } from '../../contract/contact-accounts/inputs';
import { contactAccountJson } from '../../contract/contact-accounts/outputs';
import { presentContactAccount } from '../../contract/contact-accounts/presenter';
import { openContactAccount } from '../../domain/contact-accounts/contact-accounts';
import { dataOf } from '../../http/answers';
import { apiMethod, created, POST_ONLY, type ApiMethod } from '../api-method';
import { contactAccountAnswers } from './answers';

const addContactAccountInput = z.object({ contact_id: contactId(), currency: currency() });

export const addContactAccount = apiMethod({
	name: 'addContactAccount',
	verbs: POST_ONLY,
	summary: 'Opens an empty contact account of a contact in a currency.',
	section: '§4.10',
	input: addContactAccountInput,
	example: { contact_id: 1, currency: 'USD' },
	success: [{ status: 201, when: 'The new account, with `amount` 0.', body: dataOf(contactAccountJson) }],
	refusals: contactAccountAnswers.for('contact_not_found', 'contact_forbidden', 'currency_exists'),
	commands: { count: 5, budget: 5 },
	async handle({ user, lang, models }, { contact_id, currency }) {
		const outcome = await openContactAccount(models, user, contact_id, currency);
		if (!outcome.ok) throw contactAccountAnswers.error(lang, outcome);
		return created({ data: presentContactAccount(outcome.account) });
	},
});

export const createContactAccount: ApiMethod = {
	...addContactAccount,
	name: 'createContactAccount',
	aliasOf: addContactAccount.name,
	summary: 'Alias of addContactAccount.',
	section: '§4.10, §9',
};
