/** Contact → Get Many: `getContacts` in offset mode, 1000 per request, without over-fetching a Limit. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { contactBatches, type ApiMethod } from '../../transport';
import { callOptions } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import { contactFilters } from '../../helpers/filters';
import { limitField, requestOptions, returnAllField } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { contactFiltersCollection } from './filters.description';
import { contactOutputProperties, itemContactShaper } from './output';

export const getContacts: ApiMethod = { name: 'getContacts', repeatable: true, subject: 'none' };

const properties: INodeProperties[] = [
	{
		...returnAllField,
		description:
			'Whether to return all results or only up to a given limit. All contacts are read 1000 per request, up to the moment the node started.',
	},
	limitField(),
	...contactFiltersCollection,
	...contactOutputProperties,
	requestOptions,
];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
	const limit = returnAll ? undefined : (this.getNodeParameter('limit', itemIndex) as number);
	const contacts: IDataObject[] = [];
	const batches = contactBatches.call(this, getContacts, contactFilters.call(this, itemIndex), {
		limit,
		...callOptions.call(this, itemIndex),
	});
	const shape = itemContactShaper.call(this, itemIndex);
	for await (const batch of batches) contacts.push(...batch.map(shape));
	return contacts;
}

export const getAll: BotPlatformOperation = {
	method: getContacts,
	readmeNote:
		"Filters: bot, created from/to (date pickers, in the workflow's time zone). Return All / Limit. Output: Simplified, Raw or Selected Fields ([Output](#output)).",
	description: forOperation('contact', 'getAll', properties),
	execute,
};
