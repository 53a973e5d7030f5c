/** Contact Variable → Set: `setContactVariable`, by name; a new name makes the variable (spec §11.4). */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest, dataOf, type ApiMethod } from '../../transport';
import { callOptions, idParameter, textParameter } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import { requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { contactFields, variableNameField } from './common';

export const setContactVariable: ApiMethod = { name: 'setContactVariable', repeatable: true, subject: 'contact' };

const properties: INodeProperties[] = [
	...contactFields,
	variableNameField('The variable’s name, up to 255 characters; a new name makes the variable'),
	{
		displayName: 'Value',
		name: 'value',
		type: 'string',
		default: '',
		required: true,
		description: 'The new value, up to 65,535 characters',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Deletable',
				name: 'deletable',
				type: 'boolean',
				default: false,
				description:
					'Whether the platform removes the value once the bot creates a request. Left out, a new variable is kept and an existing one keeps its setting.',
			},
		],
	},
	requestOptions,
];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contactId = idParameter.call(this, 'contactId', itemIndex, 'Contact ID');
	const name = textParameter.call(this, 'variableName', itemIndex, 'Name');
	const value = String(this.getNodeParameter('value', itemIndex) ?? '');
	const { deletable } = this.getNodeParameter('additionalFields', itemIndex, {}) as { deletable?: boolean };
	const params: IDataObject = { contact_id: contactId, name, value, ...(deletable !== undefined && { deletable }) };
	const { body } = await apiRequest.call(this, setContactVariable, params, callOptions.call(this, itemIndex));
	return dataOf<IDataObject>(body) ?? {};
}

export const set: BotPlatformOperation = {
	method: setContactVariable,
	readmeNote:
		'By name: a new name makes the variable, an existing one gets the new value. Optional: Deletable (left out, an existing variable keeps its setting). Returns the variable.',
	description: forOperation('contactVariable', 'set', properties),
	execute,
};
