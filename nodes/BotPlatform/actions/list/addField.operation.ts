/** List → Add Field: `addListSchemaField`, appended at the end; existing records are unchanged. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { callApi, listIdParameter } from '../../helpers/call';
import { forOperation } from '../../helpers/display-options';
import { toFieldDefinition } from '../../helpers/list-fields';
import { fieldDefinitionProperties, fieldFlagProperties, listLocator, requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';

const properties: INodeProperties[] = [
	listLocator,
	...fieldDefinitionProperties('field'),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: fieldFlagProperties,
	},
	requestOptions,
];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const schemaId = listIdParameter.call(this, itemIndex);
	const type = this.getNodeParameter('fieldType', itemIndex) as string;
	const field = toFieldDefinition({
		name: this.getNodeParameter('fieldName', itemIndex),
		slug: this.getNodeParameter('fieldSlug', itemIndex),
		type,
		currency: type === 'money' ? this.getNodeParameter('fieldCurrency', itemIndex) : undefined,
		...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
	});
	await callApi.call(this, 'addListSchemaField', { schema_id: schemaId, field }, itemIndex);
	return { success: true, schema_id: schemaId, field };
}

export const addField: BotPlatformOperation = {
	method: 'addListSchemaField',
	description: forOperation('list', 'addField', properties),
	execute,
};
