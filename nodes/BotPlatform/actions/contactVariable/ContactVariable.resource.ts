import type { INodeProperties } from 'n8n-workflow';
import type { BotPlatformOperation } from '../node.type';
import { deleteVariable } from './delete.operation';
import { getAll } from './getAll.operation';
import { set } from './set.operation';

export const operations: Record<string, BotPlatformOperation> = {
	delete: deleteVariable,
	getAll,
	set,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contactVariable'] } },
		options: [
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a contact variable',
				description: 'Remove a variable from a contact, by name or ID',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many contact variables',
				description: 'List a contact’s variables with their values',
			},
			{
				name: 'Set',
				value: 'set',
				action: 'Set a contact variable',
				description: 'Put a value into a contact’s variable by name, e.g. a CRM value the bot can use',
			},
		],
		default: 'set',
	},
	...deleteVariable.description,
	...getAll.description,
	...set.description,
];
