/** List Item → Delete: `deleteListItem`. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest, type ApiMethod } from '../../transport';
import { callOptions } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import { requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { itemIdField, itemIdParameter } from './common';

export const deleteListItem: ApiMethod = { name: 'deleteListItem', repeatable: false, subject: 'item' };

const properties: INodeProperties[] = [{ ...itemIdField, hint: 'The item is deleted for good' }, requestOptions];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	await apiRequest.call(
		this,
		deleteListItem,
		{ item_id: itemIdParameter.call(this, itemIndex) },
		callOptions.call(this, itemIndex),
	);
	return { deleted: true };
}

export const deleteItem: BotPlatformOperation = {
	method: deleteListItem,
	readmeNote: 'By Item ID. Returns `{deleted: true}`.',
	description: forOperation('listItem', 'delete', properties),
	execute,
};
