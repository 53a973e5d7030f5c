/**
 * List Item → Update: `updateListItem`; only the fields given change. In the mapper a blank field is not sent; in
 * pairs or JSON an empty value clears an optional field.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest, type ApiResult, type ApiMethod } from '../../transport';
import { callOptions, listIdParameter } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import { listLocator, requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import type { RunMemo } from '../../helpers/run-memo';
import { fieldsParameter, fieldsProperties, itemIdField, itemIdParameter } from './common';

// A merge: sending the same values twice leaves the same item.
export const updateListItem: ApiMethod = { name: 'updateListItem', repeatable: true, subject: 'item' };

const properties: INodeProperties[] = [
	// The mapper shows the fields of a list; the item must be of that list (§12.6: `schema_id`, else 404).
	{ ...listLocator, displayOptions: { show: { fieldsInput: ['mapper'] } } },
	itemIdField,
	...fieldsProperties(
		'update',
		'Only the fields given change; a blank mapper field keeps its value, an empty pair or JSON value clears it',
	),
	requestOptions,
];

async function execute(this: IExecuteFunctions, itemIndex: number, run: RunMemo): Promise<IDataObject> {
	const params: IDataObject = { item_id: itemIdParameter.call(this, itemIndex) };
	if (this.getNodeParameter('fieldsInput', itemIndex) === 'mapper') params.schema_id = listIdParameter.call(this, itemIndex);
	params.data = await fieldsParameter.call(this, itemIndex, run);
	const { body } = (await apiRequest.call(this, updateListItem, params, callOptions.call(this, itemIndex))) as ApiResult<{
		data: IDataObject;
	}>;
	return body.data;
}

export const update: BotPlatformOperation = {
	method: updateListItem,
	readmeNote:
		'By Item ID; only the fields given change (mapper: a blank field is left as it is; rows or JSON: an empty value clears it). Returns the item.',
	description: forOperation('listItem', 'update', properties),
	execute,
};
