/** What the List Item operations share: the item ID, and the item's values from the Fields input. */
import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { valuesFromJson, valuesFromPairs, type FieldValuePair } from '../../helpers/list-item-values';
import { textParameter } from '../../helpers/parameters';

export const itemIdField: INodeProperties = {
	displayName: 'Item ID',
	name: 'itemId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. 66a1f0c2e4b0a1b2c3d4e5f6',
	description: 'ID of the list item, 24 hexadecimal characters, as Get Many returns it',
};

/** The values to write: key/value pairs or one JSON object, field slug to value. */
export function fieldsProperties(hint: string): INodeProperties[] {
	return [
		{
			displayName: 'Fields Input',
			name: 'fieldsInput',
			type: 'options',
			options: [
				{ name: 'Define Below', value: 'pairs', description: 'One row per field: its slug and value' },
				{ name: 'JSON', value: 'json', description: 'One JSON object of field slug to value' },
			],
			default: 'pairs',
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

/** The `data` of addListItem and updateListItem from the Fields input of item `itemIndex`. */
export function fieldsParameter(this: IExecuteFunctions, itemIndex: number): IDataObject {
	if (this.getNodeParameter('fieldsInput', itemIndex) === 'json') {
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
