/** Contact Variable → Delete: `deleteContactVariable`, by name or ID (spec §11.5). */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest, type ApiMethod } from '../../transport';
import { callOptions, idParameter, textParameter } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import { idField, requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { contactFields, variableNameField } from './common';

export const deleteContactVariable: ApiMethod = { name: 'deleteContactVariable', repeatable: false, subject: 'variable' };

const properties: INodeProperties[] = [
	...contactFields,
	{
		displayName: 'Variable',
		name: 'variableBy',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'By ID', value: 'id', description: 'The variable’s ID, e.g. from Contact Variable → Get Many' },
			{ name: 'By Name', value: 'name', description: 'The variable’s name, e.g. city' },
		],
		default: 'name',
		description: 'How to name the variable',
	},
	{ ...variableNameField('The variable’s name'), displayOptions: { show: { variableBy: ['name'] } } },
	{
		...idField('Variable ID', 'variableId', 'Numeric ID of the variable within the contact'),
		displayOptions: { show: { variableBy: ['id'] } },
	},
	requestOptions,
];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contactId = idParameter.call(this, 'contactId', itemIndex, 'Contact ID');
	const variable =
		this.getNodeParameter('variableBy', itemIndex) === 'id'
			? { id: idParameter.call(this, 'variableId', itemIndex, 'Variable ID') }
			: { name: textParameter.call(this, 'variableName', itemIndex, 'Name') };
	await apiRequest.call(this, deleteContactVariable, { contact_id: contactId, ...variable }, callOptions.call(this, itemIndex));
	return { deleted: true };
}

export const deleteVariable: BotPlatformOperation = {
	method: deleteContactVariable,
	readmeNote: 'By name or by ID. Returns `{deleted: true}`.',
	description: forOperation('contactVariable', 'delete', properties),
	execute,
};
