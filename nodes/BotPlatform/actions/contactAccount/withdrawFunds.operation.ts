/** Contact Account → Withdraw Funds: `withdrawFundsFromContactAccount` (spec §4.13); refused on a blocked account. */
import type { ApiMethod } from '../../transport';
import { fundsOperation } from './funds.common';

export const withdrawFundsFromContactAccount: ApiMethod = {
	name: 'withdrawFundsFromContactAccount',
	repeatable: false,
	subject: 'account',
};

export const withdrawFunds = fundsOperation(
	'withdraw',
	withdrawFundsFromContactAccount,
	'withdrawFunds',
	'As Add Funds; refused when the balance is too low or the account is blocked.',
);
