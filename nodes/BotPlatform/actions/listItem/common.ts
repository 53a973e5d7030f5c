/** What the List Item operations share: the item ID, and the item's values from the Fields input. */
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	type ResourceMapperField,
} from 'n8n-workflow';
import { fieldsOfList, toMapperFields } from '../../helpers/list-fields';
import { getListSchema } from '../list/get.operation';
import { valuesFromJson, valuesFromMapper, valuesFromPairs, type FieldValuePair } from '../../helpers/list-item-values';
import { callOptions, listIdParameter, textParameter } from '../../helpers/parameters';
import type { RunMemo } from '../../helpers/run-memo';

export const itemIdField: INodeProperties = {
	displayName: 'Item ID',
	name: 'itemId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. 66a1f0c2e4b0a1b2c3d4e5f6',
	description: 'ID of the list item, 24 hexadecimal characters, as Get Many returns it',
};

/**
 * The values to write: the list's fields in n8n's resource mapper (Add: `add` mode, the list's required fields
 * required; Update: `map` mode, every field optional and only those given change, as no column is matched on: the
 * item is named by its ID), or key/value pairs, or one JSON object of field slug to value.
 */
export function fieldsProperties(operation: 'add' | 'update', hint: string): INodeProperties[] {
	return [
		{
			displayName: 'Fields Input',
			name: 'fieldsInput',
			type: 'options',
			options: [
				{ name: 'Field Slugs and Values', value: 'pairs', description: 'One row per field: its slug and value' },
				{ name: 'JSON', value: 'json', description: 'One JSON object of field slug to value' },
				{
					name: 'Map List Fields',
					value: 'mapper',
					description: 'The fields of the chosen list, each mapped from the input automatically or set below',
				},
			],
			default: 'mapper',
		},
		{
			displayName: 'Fields',
			name: 'fieldValues',
			type: 'resourceMapper',
			noDataExpression: true,
			default: { mappingMode: 'defineBelow', value: null },
			required: true,
			hint,
			displayOptions: { show: { fieldsInput: ['mapper'] } },
			typeOptions: {
				loadOptionsDependsOn: ['list.value'],
				resourceMapper: {
					resourceMapperMethod: 'getListItemFields',
					mode: operation === 'add' ? 'add' : 'map',
					fieldWords: { singular: 'field', plural: 'fields' },
					// Add shows every field to fill in; Update only those the user adds.
					addAllFields: operation === 'add',
					multiKeyMatch: false,
					supportAutoMap: true,
				},
			},
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add field',
			default: {},
			hint,
			displayOptions: { show: { fieldsInput: ['pairs'] } },
			options: [
				{
					displayName: 'Field',
					name: 'values',
					values: [
						{
							displayName: 'Field Slug',
							name: 'slug',
							type: 'string',
							default: '',
							placeholder: 'e.g. title',
							description: 'Slug of a field of the list',
						},
						{
							displayName: 'Value',
							name: 'value',
							type: 'string',
							default: '',
							description:
								'Text as written; numbers, true/false, dates (YYYY-MM-DD), times (ISO 8601), money in minor units, URLs and IDs are read as the field type',
						},
					],
				},
			],
		},
		{
			displayName: 'Fields (JSON)',
			name: 'fieldsJson',
			type: 'json',
			default: '{}',
			hint,
			displayOptions: { show: { fieldsInput: ['json'] } },
			description: 'Field slug to value, e.g. {"title": "Order 17", "price": 1500}',
		},
	];
}

/** The fields of the list of item `itemIndex` for the mapper, read once per run and list (`getListSchema`). */
async function fieldsOfItemList(this: IExecuteFunctions, itemIndex: number, run: RunMemo): Promise<ResourceMapperField[]> {
	const schemaId = listIdParameter.call(this, itemIndex);
	return await run.once(`listFields:${schemaId}`, async () =>
		toMapperFields(await fieldsOfList.call(this, getListSchema, schemaId, callOptions.call(this, itemIndex)), false),
	);
}

/** The resource mapper's values of item `itemIndex`: the input item's own keys that are fields, or those set below. */
async function mappedFields(this: IExecuteFunctions, itemIndex: number, run: RunMemo): Promise<IDataObject> {
	let schema = this.getNodeParameter('fieldValues.schema', itemIndex, []) as ResourceMapperField[];
	let values: IDataObject;
	if (this.getNodeParameter('fieldValues.mappingMode', itemIndex) === 'autoMapInputData') {
		// Saved without its fields (the list is made earlier in the workflow, or the editor could not load them):
		// read them now, so only the input's keys that are fields are written.
		if (schema.length === 0) schema = await fieldsOfItemList.call(this, itemIndex, run);
		const input = this.getInputData()[itemIndex]?.json ?? {};
		const slugs = new Set(schema.map((field) => field.id));
		values = Object.fromEntries(Object.entries(input).filter(([key]) => slugs.has(key)));
	} else {
		// Read as set, then checked here once empty values are left out: n8n's own check would read "" as 0.
		values = (this.getNodeParameter('fieldValues.value', itemIndex, {}, { skipValidation: true }) ?? {}) as IDataObject;
	}
	const result = valuesFromMapper(values, schema);
	if ('error' in result) {
		throw new NodeOperationError(this.getNode(), `Invalid value for the field "${result.error.slug}"`, {
			itemIndex,
			description: result.error.message,
		});
	}
	return result.data;
}

/** The `data` of addListItem and updateListItem from the Fields input of item `itemIndex`. */
export async function fieldsParameter(this: IExecuteFunctions, itemIndex: number, run: RunMemo): Promise<IDataObject> {
	const input = this.getNodeParameter('fieldsInput', itemIndex);
	if (input === 'mapper') return await mappedFields.call(this, itemIndex, run);
	if (input === 'json') {
		try {
			return valuesFromJson(this.getNodeParameter('fieldsJson', itemIndex));
		} catch (error) {
			throw new NodeOperationError(this.getNode(), (error as Error).message, { itemIndex });
		}
	}
	const fields = this.getNodeParameter('fields', itemIndex, {}) as { values?: FieldValuePair[] };
	return valuesFromPairs(fields.values);
}

export function itemIdParameter(this: IExecuteFunctions, itemIndex: number): string {
	return textParameter.call(this, 'itemId', itemIndex, 'Item ID');
}
