/** Contact Account → Delete: `deleteContactAccount`; only an empty account can be deleted (spec §4.11). */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { callApi, idParameter } from '../../helpers/call';
import { forOperation } from '../../helpers/display-options';
import { requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { accountIdField } from './common';

const properties: INodeProperties[] = [
	{ ...accountIdField, hint: 'Only an account with balance 0 can be deleted' },
	requestOptions,
];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const accountId = idParameter.call(this, 'accountId', itemIndex, 'Account ID');
	await callApi.call(this, 'deleteContactAccount', { account_id: accountId }, itemIndex);
	return { success: true, account_id: accountId };
}

export const deleteAccount: BotPlatformOperation = {
	method: 'deleteContactAccount',
	description: forOperation('contactAccount', 'delete', properties),
	execute,
};
