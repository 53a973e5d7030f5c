import type { INodeProperties } from 'n8n-workflow';
import type { BotPlatformOperation } from '../node.type';
import { addField } from './addField.operation';
import { create } from './create.operation';
import { deleteList } from './delete.operation';
import { deleteField } from './deleteField.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';

export const operations: Record<string, BotPlatformOperation> = {
	addField,
	create,
	delete: deleteList,
	deleteField,
	get,
	getAll,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['list'] } },
		options: [
			{
				name: 'Add Field',
				value: 'addField',
				action: 'Add a field to a list',
				description: 'Append a field to a list; existing records keep their values',
			},
			{ name: 'Create', value: 'create', action: 'Create a list', description: 'Create a list with its fields' },
			{ name: 'Delete', value: 'delete', action: 'Delete a list', description: 'Delete a list with all its records' },
			{
				name: 'Delete Field',
				value: 'deleteField',
				action: 'Delete a field from a list',
				description: 'Remove a field from a list and erase its values in every record',
			},
			{ name: 'Get', value: 'get', action: 'Get a list', description: 'Get a list with its fields' },
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many lists',
				description: 'Get the lists of your projects with their fields',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
	...get.description,
	...create.description,
	...deleteList.description,
	...addField.description,
	...deleteField.description,
];
