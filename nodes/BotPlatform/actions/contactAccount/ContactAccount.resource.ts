import type { INodeProperties } from 'n8n-workflow';
import type { BotPlatformOperation } from '../node.type';
import { addFunds } from './addFunds.operation';
import { create } from './create.operation';
import { deleteAccount } from './delete.operation';
import { getAll } from './getAll.operation';
import { withdrawFunds } from './withdrawFunds.operation';

export const operations: Record<string, BotPlatformOperation> = {
	addFunds,
	create,
	delete: deleteAccount,
	getAll,
	withdrawFunds,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contactAccount'] } },
		options: [
			{
				name: 'Add Funds',
				value: 'addFunds',
				action: 'Add funds to a contact account',
				description: 'Top up a contact’s balance (bonuses, points, deposit); works on blocked accounts too',
			},
			{
				name: 'Create',
				value: 'create',
				action: 'Create a contact account',
				description: 'Open a balance in one currency for a contact, starting at 0',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a contact account',
				description: 'Delete a contact’s account whose balance is 0',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many contact accounts',
				description: 'List the balances of a contact, one account per currency',
			},
			{
				name: 'Withdraw Funds',
				value: 'withdrawFunds',
				action: 'Withdraw funds from a contact account',
				description: 'Debit a contact’s balance; refused when the balance is too low or the account is blocked',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
	...create.description,
	...deleteAccount.description,
	...addFunds.description,
	...withdrawFunds.description,
];
