/**
 * List → Add Field: `addListSchemaField`, appended at the end; existing records are unchanged. The API answers
 * 204 without a body; from version 2 the node then reads the list (`getListSchema`) and returns it as it is now.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest, type ApiMethod } from '../../transport';
import { callOptions, listIdParameter, nodeVersion } from '../../helpers/parameters';
import { forOperation, perVersion } from '../../helpers/display-options';
import { toFieldDefinition } from '../../helpers/list-fields';
import { fieldDefinitionProperties, fieldFlagProperties, listLocator, requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { listAfterChange } from './list-after-change';

export const addListSchemaField: ApiMethod = { name: 'addListSchemaField', repeatable: false, subject: 'list' };

const fieldProperties = (version: number): INodeProperties[] => [
	...fieldDefinitionProperties('field', version),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: fieldFlagProperties(version),
	},
];

const properties: INodeProperties[] = [listLocator, ...perVersion(fieldProperties(1), fieldProperties(2)), requestOptions];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const version = nodeVersion.call(this);
	const schemaId = listIdParameter.call(this, itemIndex);
	const type = this.getNodeParameter('fieldType', itemIndex) as string;
	const field = toFieldDefinition(
		{
			name: this.getNodeParameter('fieldName', itemIndex) as string,
			slug: this.getNodeParameter('fieldSlug', itemIndex) as string,
			type,
			currency: type === 'money' ? (this.getNodeParameter('fieldCurrency', itemIndex) as string) : undefined,
			...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
		},
		version,
	);
	await apiRequest.call(this, addListSchemaField, { schema_id: schemaId, field }, callOptions.call(this, itemIndex));
	if (version === 1) return { success: true, schema_id: schemaId, field };
	return await listAfterChange.call(this, schemaId, itemIndex);
}

export const addField: BotPlatformOperation = {
	method: addListSchemaField,
	readmeNote:
		'Appended at the end. Returns the list as it is afterwards: the API answers without a body, so the node reads the list (`getListSchema`, one more request). If only that read fails, the error says the field was added.',
	description: forOperation('list', 'addField', properties),
	execute,
};
