/** Contact Account → Add Funds: `addFundsToContactAccount` (spec §4.12); works on blocked accounts too. */
import type { ApiMethod } from '../../transport';
import { fundsOperation } from './funds.common';

export const addFundsToContactAccount: ApiMethod = { name: 'addFundsToContactAccount', repeatable: false, subject: 'account' };

export const addFunds = fundsOperation(
	'add',
	addFundsToContactAccount,
	'addFunds',
	"The account picked from the contact's accounts, by ID or by currency; the amount in major or minor units; a journal description.",
);
