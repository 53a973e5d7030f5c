/** deleteContactAccount (§4.11): deletes an empty account; 204 with no body. */
import { z } from 'zod';
import { accountId } from '../../contract/contact-accounts/inputs';
import { deleteEmptyContactAccount } from '../../domain/contact-accounts/contact-accounts';
import { apiMethod, noContent, POST_ONLY } from '../api-method';
import { contactAccountAnswers } from './answers';

const deleteContactAccountInput = z.object({ account_id: accountId() });

export const deleteContactAccount = apiMethod({
	name: 'deleteContactAccount',
	verbs: POST_ONLY,
	summary: 'Deletes an empty contact account.',
	section: '§4.11',
	input: deleteContactAccountInput,
	example: { account_id: 1 },
	success: [{ status: 204, when: 'Deleted.' }],
	refusals: contactAccountAnswers.for('account_not_found', 'account_forbidden', 'not_empty', 'contention'),
	commands: { count: 2, budget: 5 },
	async handle({ user, lang, models }, { account_id }) {
		const outcome = await deleteEmptyContactAccount(models, user, account_id);
		if (!outcome.ok) throw contactAccountAnswers.error(lang, outcome);
		return noContent();
	},
});
