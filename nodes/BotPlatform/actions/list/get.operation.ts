/** List → Get: `getListSchema`, one list with its fields. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { callApi, dataOf, listIdParameter } from '../../helpers/call';
import { forOperation } from '../../helpers/display-options';
import { listLocator, requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';

const properties: INodeProperties[] = [listLocator, requestOptions];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { body } = await callApi.call(this, 'getListSchema', { schema_id: listIdParameter.call(this, itemIndex) }, itemIndex);
	return dataOf(body);
}

export const get: BotPlatformOperation = {
	method: 'getListSchema',
	description: forOperation('list', 'get', properties),
	execute,
};
