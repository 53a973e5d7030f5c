/** Contact Variable → Get Many: `getContactVariables`, a contact's variables, one item each (spec §11.3). */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest, dataOf, type ApiMethod } from '../../transport';
import { callOptions, idParameter } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import { requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { contactFields } from './common';

export const getContactVariables: ApiMethod = { name: 'getContactVariables', repeatable: true, subject: 'contact' };

const properties: INodeProperties[] = [...contactFields, requestOptions];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const contactId = idParameter.call(this, 'contactId', itemIndex, 'Contact ID');
	const { body } = await apiRequest.call(this, getContactVariables, { contact_id: contactId }, callOptions.call(this, itemIndex));
	return dataOf<IDataObject[]>(body) ?? [];
}

export const getAll: BotPlatformOperation = {
	method: getContactVariables,
	readmeNote:
		"All variables of a contact, one item each: `{id, name, value, deletable, variable}`; the IDs are those of the contact's `variables`.",
	description: forOperation('contactVariable', 'getAll', properties),
	execute,
};
