/** List Item → Update: `updateListItem`; only the fields given change, an empty value clears an optional field. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest, type ApiResult } from '../../transport';
import { callOptions } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import { requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { fieldsParameter, fieldsProperties, itemIdField, itemIdParameter } from './common';

const properties: INodeProperties[] = [
	itemIdField,
	...fieldsProperties('Only these fields change; an empty value clears an optional field'),
	requestOptions,
];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const params = { item_id: itemIdParameter.call(this, itemIndex), data: fieldsParameter.call(this, itemIndex) };
	const { body } = (await apiRequest.call(this, 'updateListItem', params, callOptions.call(this, itemIndex))) as ApiResult<{
		data: IDataObject;
	}>;
	return body.data;
}

export const update: BotPlatformOperation = {
	method: 'updateListItem',
	description: forOperation('listItem', 'update', properties),
	execute,
};
