/** List → Get: `getListSchema`, one list with its fields. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest, dataOf, type ApiMethod } from '../../transport';
import { callOptions, listIdParameter } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import { listLocator, requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';

export const getListSchema: ApiMethod = { name: 'getListSchema', repeatable: true, subject: 'list' };

const properties: INodeProperties[] = [listLocator, requestOptions];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { body } = await apiRequest.call(
		this,
		getListSchema,
		{ schema_id: listIdParameter.call(this, itemIndex) },
		callOptions.call(this, itemIndex),
	);
	return dataOf(body);
}

export const get: BotPlatformOperation = {
	method: getListSchema,
	readmeNote: 'The list is chosen from a searchable list or by ID.',
	description: forOperation('list', 'get', properties),
	execute,
};
