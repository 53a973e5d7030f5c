import type { INodeExecutionData, INodeProperties, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { CREDENTIAL_TYPE } from './transport';
import { pollNewContacts } from './trigger/poll-new-contacts';
import { botIdField, botIdTextField, botLocator } from './actions/common.descriptions';
import { contactOutputProperties } from './actions/contact/output';
import { fromVersion2, fromVersion3, inVersions, perVersion } from './helpers/display-options';
import { searchBots } from './methods/listSearch';

const emitExistingOnFirstRun: INodeProperties = {
	displayName: 'Emit Existing Contacts on First Run',
	name: 'emitExistingOnFirstRun',
	type: 'boolean',
	default: false,
	description:
		'Whether the first poll after activation emits every contact that already exists. Off: it only remembers the newest contact and emits the ones that come after it.',
};

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
 * from a list and emits contacts as Output says (Simplified by default), as the action node's version 3 does.
 */
export class BotPlatformTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Bot Platform Trigger',
		name: 'botPlatformTrigger',
		icon: { light: 'file:botPlatform.svg', dark: 'file:botPlatform.dark.svg' },
		group: ['trigger'],
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: '={{ $parameter["event"] === "newContact" ? "New Contact" : "" }}',
		description: 'Starts the workflow when a new contact appears in your Bot Platform bots',
		defaults: { name: 'Bot Platform Trigger' },
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				options: [
					{
						name: 'New Contact',
						value: 'newContact',
						description: 'A contact was added to one of your bots (a person wrote to it, or it was created through the API)',
					},
				],
				default: 'newContact',
				required: true,
			},
			...fromVersion2([
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
			...inVersions([2], [{ ...botIdTextField(true), displayOptions: { show: { bots: ['one'] } } }]),
			...fromVersion3([{ ...botLocator(true), displayOptions: { show: { bots: ['one'] } } }]),
			...contactOutputProperties,
			...perVersion(
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
				[optionsCollection([emitExistingOnFirstRun])],
			),
		],
	};

	methods = { listSearch: { searchBots } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollNewContacts.call(this);
	}
}
