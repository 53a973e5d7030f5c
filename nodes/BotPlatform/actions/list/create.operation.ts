/** List → Create: `createListSchema` in a bot's project or a project, with 1 to 30 fields in the given order. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { apiRequest, dataOf, type ApiMethod } from '../../transport';
import { callOptions, idParameter, nodeVersion, textParameter } from '../../helpers/parameters';
import { forOperation, inVersion1, perVersion, perVersion3 } from '../../helpers/display-options';
import { toFieldDefinition, type FieldInput } from '../../helpers/list-fields';
import {
	botIdField,
	botIdTextField,
	botLocator,
	fieldDefinitionProperties,
	fieldFlagProperties,
	requestOptions,
} from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';

export const createListSchema: ApiMethod = { name: 'createListSchema', repeatable: false, subject: 'none' };

/** The repeatable field definitions; each version has its own parameter names (see `fieldFlagProperties`). */
function fieldsProperty(version: number): INodeProperties {
	const [encryptable, hidden, required] = fieldFlagProperties(version);
	return {
		displayName: 'Fields',
		name: 'fields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		default: {},
		required: true,
		placeholder: 'Add field',
		description: '1 to 30 fields, kept in this order',
		options: [
			{
				displayName: 'Field',
				name: 'field',
				// Order as in the API's field definition; "required" defaults to true there too.
				values: [...fieldDefinitionProperties('', version), required, hidden, encryptable],
			},
		],
	};
}

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Orders',
		description: 'Name of the list, up to 255 characters',
	},
	{
		displayName: 'Create In',
		name: 'createIn',
		type: 'options',
		options: [
			{ name: 'Bot', value: 'bot', description: 'The list goes to the bot’s project and remembers the bot' },
			{ name: 'Project', value: 'project', description: 'The list belongs to a project, not to a bot' },
		],
		default: 'bot',
		description: 'Where the list is created',
	},
	...perVersion3([botIdField(true)], [botIdTextField(true)], [botLocator(true)]).map((property) => ({
		...property,
		displayOptions: { show: { ...property.displayOptions?.show, createIn: ['bot'] } },
	})),
	{
		displayName: 'Project UUID',
		name: 'projectUuid',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 0f8fad5b-d9cb-469f-a165-70867728950e',
		displayOptions: { show: { createIn: ['project'] } },
		description: 'UUID of one of your projects (not one you were invited to)',
	},
	...perVersion([fieldsProperty(1)], [fieldsProperty(2)]),
	// The API's outdated menu flag has no effect (spec §2.1); version 2 leaves it to the API's default.
	...inVersion1([
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add field',
			default: {},
			options: [
				{
					displayName: 'Menu (Outdated)',
					name: 'is_menu',
					type: 'boolean',
					default: false,
					description: 'Whether to set the outdated menu flag. It has no effect on how the list works.',
				},
			],
		},
	]),
	requestOptions,
];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const version = nodeVersion.call(this);
	const fields = ((this.getNodeParameter('fields', itemIndex, {}) as { field?: FieldInput[] }).field ?? []).map((field) =>
		toFieldDefinition(field, version),
	);
	if (fields.length === 0) throw new NodeOperationError(this.getNode(), 'Add at least one field to the list', { itemIndex });
	const params: IDataObject = { name: textParameter.call(this, 'name', itemIndex, 'Name'), fields };
	if ((this.getNodeParameter('createIn', itemIndex) as string) === 'project') {
		params.project_uuid = textParameter.call(this, 'projectUuid', itemIndex, 'Project UUID');
	} else {
		params.bot_id = idParameter.call(this, 'botId', itemIndex, 'Bot ID');
	}
	if (version === 1) {
		const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		if (typeof extra.is_menu === 'boolean') params.is_menu = extra.is_menu;
	}
	const { body } = await apiRequest.call(this, createListSchema, params, callOptions.call(this, itemIndex));
	return dataOf(body);
}

export const create: BotPlatformOperation = {
	method: createListSchema,
	readmeNote:
		'In a bot (its project) or a project; 1 to 30 fields in order: name, slug, type, currency (money only, an ISO 4217 code), required, hidden, encrypted.',
	description: forOperation('list', 'create', properties),
	execute,
};
