/** getContactAccounts (§4.9): the contact's accounts in the order they were opened. */
import { getContactAccountsInput } from '../../contract/contact-accounts/inputs';
import { presentAccount } from '../../contract/contact-accounts/presenter';
import { listAccounts } from '../../domain/contact-accounts/accounts';
import { GET_AND_POST, ok, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';
import { accountRefusal } from './refusals';

export const getContactAccounts: ApiMethod = {
	name: 'getContactAccounts',
	verbs: GET_AND_POST,
	async handle({ params, user, lang, models }) {
		const { contact_id } = validate(getContactAccountsInput, params, lang);
		const outcome = await listAccounts(models, user, contact_id);
		if (!outcome.ok) throw accountRefusal(lang, outcome);
		return ok({ data: outcome.accounts.map(presentAccount) });
	},
};
