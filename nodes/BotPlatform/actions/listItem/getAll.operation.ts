/** List Item → Get Many: `getListItems`, page by page until the limit or the last page, filtered and sorted. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { listItemPages, type ListItemQuery, type ApiMethod } from '../../transport';
import { callOptions, listIdParameter } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import type { FieldValuePair } from '../../helpers/list-item-values';
import { limitField, listLocator, requestOptions, returnAllField } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';

export const getListItems: ApiMethod = { name: 'getListItems', repeatable: true, subject: 'list' };

const properties: INodeProperties[] = [
	listLocator,
	returnAllField,
	limitField(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add filter',
		default: {},
		description: 'Only items whose fields equal these values; all filters must match',
		options: [
			{
				displayName: 'Filter',
				name: 'conditions',
				values: [
					{
						displayName: 'Field Slug',
						name: 'slug',
						type: 'string',
						default: '',
						placeholder: 'e.g. status',
						description: 'Slug of a field of the list',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						description: 'The value the field must have; dates and times as Unix seconds',
					},
				],
			},
		],
	},
	{
		displayName: 'Sort',
		name: 'sort',
		type: 'collection',
		placeholder: 'Add sort rule',
		default: {},
		options: [
			{
				displayName: 'Direction',
				name: 'direction',
				type: 'options',
				options: [
					{ name: 'Ascending', value: 'asc' },
					{ name: 'Descending', value: 'desc' },
				],
				default: 'asc',
			},
			{
				displayName: 'Field',
				name: 'field',
				type: 'string',
				default: 'created_at',
				placeholder: 'e.g. created_at',
				description: 'A field slug, created_at or updated_at',
			},
		],
	},
	requestOptions,
];

/** The filters as the API takes them; one slug given twice matches either value. */
function filtersOf(conditions: readonly FieldValuePair[] | undefined): IDataObject {
	const filters: IDataObject = {};
	for (const { slug, value } of conditions ?? []) {
		const key = String(slug ?? '').trim();
		if (key === '') continue;
		const previous = filters[key];
		filters[key] =
			previous === undefined ? (value as string) : [...(Array.isArray(previous) ? previous : [previous]), value as string];
	}
	return filters;
}

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const schemaId = listIdParameter.call(this, itemIndex);
	const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
	const limit = returnAll ? undefined : (this.getNodeParameter('limit', itemIndex) as number);
	const { conditions } = this.getNodeParameter('filters', itemIndex, {}) as { conditions?: FieldValuePair[] };
	const sort = this.getNodeParameter('sort', itemIndex, {}) as { field?: string; direction?: string };
	const query: ListItemQuery = {};
	const filters = filtersOf(conditions);
	if (Object.keys(filters).length > 0) query.filters = filters;
	const sortField = String(sort.field ?? '').trim();
	if (sortField !== '' || sort.direction) query.order_by = `${sortField || 'created_at'},${sort.direction ?? 'asc'}`;
	const items: IDataObject[] = [];
	for await (const page of listItemPages.call(this, getListItems, schemaId, query, {
		...callOptions.call(this, itemIndex),
		limit,
	})) {
		items.push(...page);
	}
	return items;
}

export const getAll: BotPlatformOperation = {
	method: getListItems,
	readmeNote:
		'Items of the chosen list; filters by field value (a slug twice matches either value), sort by a field. Return All walks pages of 1000 with the same filters; Limit asks only for what it needs.',
	description: forOperation('listItem', 'getAll', properties),
	execute,
};
