/**
 * List → Delete Field: `deleteListSchemaField`; the field's values are erased in every record. From version 2 the
 * node returns the list as it is afterwards (one more request, see `list-after-change.ts`).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest, type ApiMethod } from '../../transport';
import { callOptions, listIdParameter, nodeVersion, textParameter } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import { listLocator, requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { listAfterChange } from './list-after-change';

export const deleteListSchemaField: ApiMethod = { name: 'deleteListSchemaField', repeatable: false, subject: 'list' };

const properties: INodeProperties[] = [
	listLocator,
	{
		displayName: 'Field Name or ID',
		name: 'fieldSlug',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getListFields', loadOptionsDependsOn: ['list.value'] },
		default: '',
		required: true,
		hint: 'A field’s ID is its slug. Its values are erased in every record of the list, for good.',
		description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	},
	requestOptions,
];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const schemaId = listIdParameter.call(this, itemIndex);
	const slug = textParameter.call(this, 'fieldSlug', itemIndex, 'Field');
	await apiRequest.call(this, deleteListSchemaField, { schema_id: schemaId, slug }, callOptions.call(this, itemIndex));
	if (nodeVersion.call(this) === 1) return { success: true, schema_id: schemaId, slug };
	return await listAfterChange.call(this, schemaId, itemIndex);
}

export const deleteField: BotPlatformOperation = {
	method: deleteListSchemaField,
	readmeNote:
		"The field is picked from the chosen list's fields; its values are erased in every record. Returns the list afterwards, as Add Field.",
	description: forOperation('list', 'deleteField', properties),
	execute,
};
