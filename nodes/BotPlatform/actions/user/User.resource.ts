import type { INodeProperties } from 'n8n-workflow';
import { fromVersion3point1, upToVersion3, withDisplayOptions } from '../../helpers/display-options';
import type { BotPlatformOperation } from '../node.type';
import { getCurrent } from './getCurrent.operation';

export const operations: Record<string, BotPlatformOperation> = { getCurrent };

/** The resource's value from version 3.1 on, and the value versions 1 to 3 saved in workflows (`router.ts` maps it). */
export const RESOURCE = 'user';
export const RESOURCE_UP_TO_VERSION_3 = 'account';

const operationFor = (resource: string): INodeProperties => ({
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: [resource] } },
	options: [
		{
			name: 'Get Current',
			value: 'getCurrent',
			action: 'Get the current user',
			description: 'Get the user the API key belongs to: their ID, name, email and plan',
		},
	],
	default: 'getCurrent',
});

export const description: INodeProperties[] = [
	...fromVersion3point1([operationFor(RESOURCE)]),
	...upToVersion3([operationFor(RESOURCE_UP_TO_VERSION_3)]),
	...withDisplayOptions({ show: { resource: [RESOURCE, RESOURCE_UP_TO_VERSION_3] } }, getCurrent.description),
];
