/** List → Get Many: `getListSchemas`, page by page (50 per page, fixed by the API) until the limit. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { listSchemaPages, type ApiMethod } from '../../transport';
import { callOptions } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import { limitField, requestOptions, returnAllField } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';

export const getListSchemas: ApiMethod = { name: 'getListSchemas', repeatable: true, subject: 'none' };

const properties: INodeProperties[] = [returnAllField, limitField(), requestOptions];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
	const limit = returnAll ? Number.POSITIVE_INFINITY : (this.getNodeParameter('limit', itemIndex) as number);
	const lists: IDataObject[] = [];
	for await (const { lists: page } of listSchemaPages.call(this, getListSchemas, 1, callOptions.call(this, itemIndex))) {
		lists.push(...page.slice(0, limit - lists.length));
		if (lists.length >= limit) break;
	}
	return lists;
}

export const getAll: BotPlatformOperation = {
	method: getListSchemas,
	readmeNote: 'Pages of 50 (fixed by the API). Return All / Limit.',
	description: forOperation('list', 'getAll', properties),
	execute,
};
