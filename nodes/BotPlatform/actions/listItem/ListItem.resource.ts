import type { INodeProperties } from 'n8n-workflow';
import type { BotPlatformOperation } from '../node.type';
import { add } from './add.operation';
import { deleteItem } from './delete.operation';
import { getAll } from './getAll.operation';
import { update } from './update.operation';

export const operations: Record<string, BotPlatformOperation> = {
	add,
	delete: deleteItem,
	getAll,
	update,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['listItem'] } },
		options: [
			{ name: 'Add', value: 'add', action: 'Add a list item', description: 'Add an item (record) to a list' },
			{ name: 'Delete', value: 'delete', action: 'Delete a list item', description: 'Delete an item of a list' },
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many list items',
				description: 'Get the items of a list, filtered by field values and sorted',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a list item',
				description: 'Change some fields of an item; the others keep their values',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
	...add.description,
	...update.description,
	...deleteItem.description,
];
