import type { INodeProperties } from 'n8n-workflow';
import type { BotPlatformOperation } from '../node.type';
import { count } from './count.operation';
import { getAll } from './getAll.operation';
import { upsert } from './upsert.operation';

export const operations: Record<string, BotPlatformOperation> = { count, getAll, upsert };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contact'] } },
		options: [
			{
				name: 'Count',
				value: 'count',
				action: 'Count contacts',
				description: 'Count the contacts of your bots, optionally of one bot or a creation period',
			},
			{
				name: 'Create or Update',
				value: 'upsert',
				action: 'Create or update a contact',
				description: 'Create a new record, or update the current one if it already exists (upsert)',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many contacts',
				description: 'List contacts of your bots with their tags and variables, oldest first',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
	...count.description,
	...upsert.description,
];
