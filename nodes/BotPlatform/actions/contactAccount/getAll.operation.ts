/**
 * Contact Account → Get Many: `getContactAccounts`, all accounts of one contact in the order they were opened.
 * The API returns them all at once (one per currency); version 1 also offered Return All and Limit.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { idParameter, nodeVersion } from '../../helpers/parameters';
import { forOperation, inVersion1 } from '../../helpers/display-options';
import { limitField, requestOptions, returnAllField } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { contactAccounts, contactIdFields, getContactAccounts } from './common';

const properties: INodeProperties[] = [...contactIdFields, ...inVersion1([returnAllField, limitField()]), requestOptions];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const contactId = idParameter.call(this, 'contactId', itemIndex, 'Contact ID');
	const accounts = await contactAccounts.call(this, contactId, itemIndex);
	if (nodeVersion.call(this) > 1 || (this.getNodeParameter('returnAll', itemIndex) as boolean)) return accounts;
	return accounts.slice(0, this.getNodeParameter('limit', itemIndex) as number);
}

export const getAll: BotPlatformOperation = {
	method: getContactAccounts,
	readmeNote: 'All balances of a contact, one per currency, in one request (so no Return All / Limit).',
	description: forOperation('contactAccount', 'getAll', properties),
	execute,
};
