import type { INodeProperties } from 'n8n-workflow';
import { perVersion3 } from '../../helpers/display-options';
import { botIdField, botIdTextField, botLocator } from '../common.descriptions';

/** The Filters collection, with the bot field of its version (0 in version 1, empty in 2, a picker from 3). */
const filtersCollection = (botId: INodeProperties): INodeProperties => ({
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add filter',
	default: {},
	options: [
		{
			...botId,
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
});

/** Filters shared by Get Many and Count (spec §4.14, §4.15). */
export const contactFiltersCollection: INodeProperties[] = perVersion3(
	[filtersCollection(botIdField(false))],
	[filtersCollection(botIdTextField(false))],
	[filtersCollection(botLocator(false))],
);
