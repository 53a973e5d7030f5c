import type { INodeExecutionData, INodeProperties, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { CREDENTIAL_TYPE } from './transport';
import { pollNewContacts } from './trigger/poll-new-contacts';
import { pollNewListItems } from './trigger/poll-new-list-items';
import { botIdField, botIdTextField, botLocator, listLocator } from './actions/common.descriptions';
import { contactOutputProperties } from './actions/contact/output';
import { fromVersion2, fromVersion3, inVersions, withDisplayOptions } from './helpers/display-options';
import { searchBots, searchLists } from './methods/listSearch';

const emitExistingOnFirstRun: INodeProperties = {
	displayName: 'Emit Existing Contacts on First Run',
	name: 'emitExistingOnFirstRun',
	type: 'boolean',
	default: false,
	description:
		'Whether the first poll after activation emits every contact that already exists. Off: it only remembers the newest contact and emits the ones that come after it.',
};

const emitExistingItemsOnFirstRun: INodeProperties = {
	...emitExistingOnFirstRun,
	displayName: 'Emit Existing Items on First Run',
	description:
		'Whether the first poll after activation emits every item the list already has. Off: it only remembers the items there are and emits the ones added after them.',
};

const newContactEvent = {
	name: 'New Contact',
	value: 'newContact',
	description: 'A contact was added to one of your bots (a person wrote to it, or it was created through the API)',
};

const newListItemEvent = {
	name: 'New List Item',
	value: 'newListItem',
	description: 'An item was added to a list (by a bot, through the API or by an import)',
};

const eventParameter = (options: (typeof newContactEvent)[]): INodeProperties => ({
	displayName: 'Event',
	name: 'event',
	type: 'options',
	options,
	default: 'newContact',
	required: true,
});

/** Shown for one event only. */
const forEvent = (event: string, properties: INodeProperties[]) => withDisplayOptions({ show: { event: [event] } }, properties);

const optionsCollection = (options: INodeProperties[]): INodeProperties => ({
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	options,
});

/**
 * Starts a workflow for every new contact, each exactly once. The API has no webhooks (spec §6), so it polls
 * `getContacts`; the guarantees and the cost in requests are in `trigger/` and in the README. Version 2 makes
 * "all bots" an explicit choice; in version 1 an unset Bot ID option (0) meant all bots. Version 3 picks the bot
 * from a list and emits contacts as Output says (Simplified by default), as the action node's version 3 does, and
 * adds the New List Item event (its cursor in `trigger/item-cursor.ts`); New Contact stays the default event.
 */
export class BotPlatformTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Bot Platform Trigger',
		name: 'botPlatformTrigger',
		icon: { light: 'file:botPlatform.svg', dark: 'file:botPlatform.dark.svg' },
		group: ['trigger'],
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: '={{ ({ newContact: "New Contact", newListItem: "New List Item" })[$parameter["event"]] ?? "" }}',
		description: 'Starts the workflow when a new contact appears in your Bot Platform bots, or a new item in a list',
		defaults: { name: 'Bot Platform Trigger' },
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			...inVersions([1, 2], [eventParameter([newContactEvent])]),
			...fromVersion3([eventParameter([newContactEvent, newListItemEvent])]),
			...fromVersion2(
				forEvent('newContact', [
					{
						displayName: 'Contacts Of',
						name: 'bots',
						type: 'options',
						options: [
							{ name: 'All Bots', value: 'all', description: 'New contacts of every bot of the user' },
							{ name: 'One Bot', value: 'one', description: 'New contacts of the bot with the ID below' },
						],
						default: 'all',
						description: 'Whose new contacts start the workflow. Changing it starts over as on a first run.',
					},
				]),
			),
			...inVersions([2], [{ ...botIdTextField(true), displayOptions: { show: { bots: ['one'] } } }]),
			...fromVersion3(
				forEvent('newContact', [
					{ ...botLocator(true), displayOptions: { show: { bots: ['one'] } } },
					...contactOutputProperties,
					optionsCollection([emitExistingOnFirstRun]),
				]),
			),
			...fromVersion3(
				forEvent('newListItem', [
					{
						...listLocator,
						description: 'The list whose new items start the workflow. Changing it starts over as on a first run.',
					},
					optionsCollection([emitExistingItemsOnFirstRun]),
				]),
			),
			...inVersions(
				[1],
				[
					optionsCollection([
						{
							...botIdField(false),
							description:
								'Only contacts of this bot. Without it, contacts of all your bots. Changing it starts over as on a first run.',
						},
						emitExistingOnFirstRun,
					]),
				],
			),
			...inVersions([2], [optionsCollection([emitExistingOnFirstRun])]),
		],
	};

	methods = { listSearch: { searchBots, searchLists } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const event = this.getNodeParameter('event', 'newContact') as string;
		return event === 'newListItem' ? await pollNewListItems.call(this) : await pollNewContacts.call(this);
	}
}
