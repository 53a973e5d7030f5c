import type { INodeProperties } from 'n8n-workflow';
import { botIdField } from '../common.descriptions';

/** Filters shared by Get Many and Count (spec §4.14, §4.15). */
export const contactFiltersCollection: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add filter',
	default: {},
	options: [
		{
			...botIdField(false),
			description: 'Only contacts of this bot. Without it, contacts of all your bots. An unknown bot gives no contacts.',
		},
		{
			displayName: 'Created From',
			name: 'createdFrom',
			type: 'dateTime',
			default: '',
			description: 'Only contacts created at or after this moment (in the workflow’s time zone)',
		},
		{
			displayName: 'Created To',
			name: 'createdTo',
			type: 'dateTime',
			default: '',
			description: 'Only contacts created at or before this moment (in the workflow’s time zone)',
		},
	],
};
