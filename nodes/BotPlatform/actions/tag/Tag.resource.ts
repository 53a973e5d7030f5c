import type { INodeProperties } from 'n8n-workflow';
import type { BotPlatformOperation } from '../node.type';
import { addToContact } from './addToContact.operation';
import { getAll } from './getAll.operation';
import { getAllOfContact } from './getAllOfContact.operation';
import { removeFromContact } from './removeFromContact.operation';

export const operations: Record<string, BotPlatformOperation> = {
	addToContact,
	getAll,
	getAllOfContact,
	removeFromContact,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['tag'] } },
		options: [
			{
				name: 'Add to Contact',
				value: 'addToContact',
				action: 'Add a tag to a contact',
				description: 'Tag a contact by tag name or ID; a new name becomes a tag of the bot',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many tags of a bot',
				description: 'List the names of a bot’s tags, in the order they were made',
			},
			{
				name: 'Get Many of Contact',
				value: 'getAllOfContact',
				action: 'Get many tags of a contact',
				description: 'List the names of a contact’s tags',
			},
			{
				name: 'Remove From Contact',
				value: 'removeFromContact',
				action: 'Remove a tag from a contact',
				description: 'Untag a contact by tag name or ID, leaving its other tags as they are',
			},
		],
		default: 'addToContact',
	},
	...addToContact.description,
	...getAll.description,
	...getAllOfContact.description,
	...removeFromContact.description,
];
