import type { INodeProperties } from 'n8n-workflow';

export const contactIdField: INodeProperties = {
	displayName: 'Contact ID',
	name: 'contactId',
	type: 'number',
	default: 0,
	required: true,
	typeOptions: { minValue: 1 },
	description: 'Numeric ID of the contact, e.g. from the output of Contact → Get Many',
};

export const accountIdField: INodeProperties = {
	displayName: 'Account ID',
	name: 'accountId',
	type: 'number',
	default: 0,
	required: true,
	typeOptions: { minValue: 1 },
	description: 'Numeric ID of the contact account, e.g. from the output of Contact Account → Get Many',
};
