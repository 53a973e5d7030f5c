/** deleteContactAccount (§4.11): deletes an empty account; 204 with no body. */
import { deleteContactAccountInput } from '../../contract/contact-accounts/inputs';
import { deleteEmptyContactAccount } from '../../domain/contact-accounts/contact-accounts';
import { apiMethod, noContent, POST_ONLY } from '../../http/api-method';
import { accountRefusal, accountRefusalAnswers } from './refusals';

export const deleteContactAccount = apiMethod({
	name: 'deleteContactAccount',
	verbs: POST_ONLY,
	summary: 'Deletes an empty contact account.',
	section: '§4.11',
	input: deleteContactAccountInput,
	example: { account_id: 1 },
	success: [{ status: 204, when: 'Deleted.' }],
	refusals: [
		accountRefusalAnswers.account_not_found,
		accountRefusalAnswers.account_forbidden,
		accountRefusalAnswers.not_empty,
		accountRefusalAnswers.contention,
	],
	async handle({ user, lang, models }, { account_id }) {
		const outcome = await deleteEmptyContactAccount(models, user, account_id);
		if (!outcome.ok) throw accountRefusal(lang, outcome);
		return noContent();
	},
});
