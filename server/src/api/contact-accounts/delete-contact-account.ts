/** deleteContactAccount (§4.11): deletes an empty account; 204 with no body. */
import { deleteContactAccountInput } from '../../contract/contact-accounts/inputs';
import { deleteEmptyAccount } from '../../domain/contact-accounts/accounts';
import { noContent, POST_ONLY, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';
import { accountRefusal } from './refusals';

export const deleteContactAccount: ApiMethod = {
	name: 'deleteContactAccount',
	verbs: POST_ONLY,
	async handle({ params, user, lang, models }) {
		const { account_id } = validate(deleteContactAccountInput, params, lang);
		const outcome = await deleteEmptyAccount(models, user, account_id);
		if (!outcome.ok) throw accountRefusal(lang, outcome);
		return noContent();
	},
};
