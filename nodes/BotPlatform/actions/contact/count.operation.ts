/** Contact → Count: `getNumberOfContacts`, with the same filters as Get Many. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest, type ApiMethod } from '../../transport';
import { callOptions } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import { contactFilters } from '../../helpers/filters';
import { requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { contactFiltersCollection } from './filters.description';

export const getNumberOfContacts: ApiMethod = { name: 'getNumberOfContacts', repeatable: true, subject: 'none' };

const properties: INodeProperties[] = [...contactFiltersCollection, requestOptions];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { body } = await apiRequest.call(
		this,
		getNumberOfContacts,
		{ ...contactFilters.call(this, itemIndex) },
		callOptions.call(this, itemIndex),
	);
	return { count: (body as { count: number }).count };
}

export const count: BotPlatformOperation = {
	method: getNumberOfContacts,
	readmeNote: 'Same filters. Returns `{count}`.',
	description: forOperation('contact', 'count', properties),
	execute,
};
