/** The contact account methods (§4.9–4.13) and the createContactAccount alias (§9). */
import type { ApiMethod } from '../api-method';
import { addContactAccount, createContactAccount } from './add-contact-account';
import { addFundsToContactAccount } from './add-funds-to-contact-account';
import { deleteContactAccount } from './delete-contact-account';
import { getContactAccounts } from './get-contact-accounts';
import { withdrawFundsFromContactAccount } from './withdraw-funds-from-contact-account';

export const contactAccountMethods: ApiMethod[] = [
	getContactAccounts,
	addContactAccount,
	createContactAccount,
	deleteContactAccount,
	addFundsToContactAccount,
	withdrawFundsFromContactAccount,
];
