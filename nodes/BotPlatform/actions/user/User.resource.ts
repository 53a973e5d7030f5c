import type { INodeProperties } from 'n8n-workflow';
import type { BotPlatformOperation } from '../node.type';
import { getCurrent } from './getCurrent.operation';

export const operations: Record<string, BotPlatformOperation> = { getCurrent };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['account'] } },
		options: [
			{
				name: 'Get Current',
				value: 'getCurrent',
				action: 'Get the current account',
				description: 'Get the account the API key belongs to: its ID, name, email and plan',
			},
		],
		default: 'getCurrent',
	},
	...getCurrent.description,
];
