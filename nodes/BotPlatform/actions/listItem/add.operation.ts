/** List Item → Add: `addListItem`; every required field of the list must have a value. Returns the item. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest, type ApiResult, type ApiMethod } from '../../transport';
import { callOptions, listIdParameter } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import { listLocator, requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import type { RunMemo } from '../../helpers/run-memo';
import { fieldsParameter, fieldsProperties } from './common';

export const addListItem: ApiMethod = { name: 'addListItem', repeatable: false, subject: 'list' };

const properties: INodeProperties[] = [
	listLocator,
	...fieldsProperties('add', 'Every required field of the list needs a value'),
	requestOptions,
];

async function execute(this: IExecuteFunctions, itemIndex: number, run: RunMemo): Promise<IDataObject> {
	const params = { schema_id: listIdParameter.call(this, itemIndex), data: await fieldsParameter.call(this, itemIndex, run) };
	const { body } = (await apiRequest.call(this, addListItem, params, callOptions.call(this, itemIndex))) as ApiResult<{
		data: IDataObject;
	}>;
	return body.data;
}

export const add: BotPlatformOperation = {
	method: addListItem,
	readmeNote:
		"The list's fields in n8n's mapper (Map Automatically from the input, or set each), or slug/value rows or JSON; every required field needs a value. Returns the item.",
	description: forOperation('listItem', 'add', properties),
	execute,
};
