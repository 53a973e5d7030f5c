/** addContactAccount (§4.10) and its alias createContactAccount (§9): opens an empty account in a currency. */
import { addContactAccountInput } from '../../contract/contact-accounts/inputs';
import { presentAccount } from '../../contract/contact-accounts/presenter';
import { openAccount } from '../../domain/contact-accounts/accounts';
import { created, POST_ONLY, type ApiMethod, type MethodContext } from '../../http/api-method';
import { validate } from '../../http/validation';
import { accountRefusal } from './refusals';

async function handle({ params, user, lang, models }: MethodContext) {
	const { contact_id, currency } = validate(addContactAccountInput, params, lang);
	const outcome = await openAccount(models, user, contact_id, currency);
	if (!outcome.ok) throw accountRefusal(lang, outcome);
	return created({ data: presentAccount(outcome.account) });
}

export const addContactAccount: ApiMethod = { name: 'addContactAccount', verbs: POST_ONLY, handle };

export const createContactAccount: ApiMethod = {
	name: 'createContactAccount',
	aliasOf: addContactAccount.name,
	verbs: POST_ONLY,
	handle,
};
