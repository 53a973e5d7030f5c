/** Contact Account → Delete: `deleteContactAccount`; only an empty account can be deleted (spec §4.11). */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest, type ApiMethod } from '../../transport';
import { callOptions, idParameter, nodeVersion } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import { requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { accountFields, accountIdField, chosenAccount } from './common';

export const deleteContactAccount: ApiMethod = { name: 'deleteContactAccount', repeatable: false, subject: 'account' };

const hint = 'Only an account with balance 0 can be deleted';

const properties: INodeProperties[] = [...accountFields([{ ...accountIdField, hint }], hint), requestOptions];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const accountId =
		nodeVersion.call(this) === 1
			? idParameter.call(this, 'accountId', itemIndex, 'Account ID')
			: (await chosenAccount.call(this, itemIndex)).accountId;
	await apiRequest.call(this, deleteContactAccount, { account_id: accountId }, callOptions.call(this, itemIndex));
	// From version 3 a delete answers as n8n's guidelines ask; earlier versions keep their answer.
	if (nodeVersion.call(this) >= 3) return { deleted: true };
	return { success: true, account_id: accountId };
}

export const deleteAccount: BotPlatformOperation = {
	method: deleteContactAccount,
	readmeNote:
		"Only an empty account, picked from the contact's accounts, by ID or by currency. Returns `{deleted: true}` (version 2: `{success, account_id}`).",
	description: forOperation('contactAccount', 'delete', properties),
	execute,
};
