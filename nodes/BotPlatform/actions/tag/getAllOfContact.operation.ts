/** Tag → Get Many of Contact: `getContactTags`, the names of a contact's tags, one item each (spec §10.4). */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest, dataOf, type ApiMethod } from '../../transport';
import { callOptions, idParameter } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import { requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { contactFields, tagItems } from './common';

export const getContactTags: ApiMethod = { name: 'getContactTags', repeatable: true, subject: 'contact' };

const properties: INodeProperties[] = [...contactFields, requestOptions];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const contactId = idParameter.call(this, 'contactId', itemIndex, 'Contact ID');
	const { body } = await apiRequest.call(this, getContactTags, { contact_id: contactId }, callOptions.call(this, itemIndex));
	return tagItems(dataOf(body));
}

export const getAllOfContact: BotPlatformOperation = {
	method: getContactTags,
	readmeNote: "The names of a contact's tags, one item `{name}` each.",
	description: forOperation('tag', 'getAllOfContact', properties),
	execute,
};
