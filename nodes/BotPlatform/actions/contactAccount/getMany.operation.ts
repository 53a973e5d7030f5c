/** Contact Account → Get Many: `getContactAccounts`, all accounts of one contact in the order they were opened. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { callApi, dataOf, idParameter } from '../../helpers/call';
import { forOperation } from '../../helpers/display-options';
import { limitField, requestOptions, returnAllField } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { contactIdField } from './common';

const properties: INodeProperties[] = [contactIdField, returnAllField, limitField(), requestOptions];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const contactId = idParameter.call(this, 'contactId', itemIndex, 'Contact ID');
	const { body } = await callApi.call(this, 'getContactAccounts', { contact_id: contactId }, itemIndex);
	const accounts = dataOf<IDataObject[]>(body) ?? [];
	// The API returns every account at once (one per currency), so the limit applies here.
	if (this.getNodeParameter('returnAll', itemIndex) as boolean) return accounts;
	return accounts.slice(0, this.getNodeParameter('limit', itemIndex) as number);
}

export const getMany: BotPlatformOperation = {
	method: 'getContactAccounts',
	description: forOperation('contactAccount', 'getAll', properties),
	execute,
};
