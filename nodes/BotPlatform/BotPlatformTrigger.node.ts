import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { CREDENTIAL_TYPE } from './transport';
import { pollNewContacts } from './trigger/poll-new-contacts';
import { botIdField } from './actions/common.descriptions';

/**
 * Starts a workflow for every new contact, each exactly once. The API has no webhooks (spec §6), so it polls
 * `getContacts`; the guarantees and the cost in requests are in `trigger/` and in the README.
 */
export class BotPlatformTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Bot Platform Trigger',
		name: 'botPlatformTrigger',
		icon: { light: 'file:botPlatform.svg', dark: 'file:botPlatform.dark.svg' },
		group: ['trigger'],
		version: 1,
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
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options: [
					{
						...botIdField(false),
						description:
							'Only contacts of this bot. Without it, contacts of all your bots. Changing it starts over as on a first run.',
					},
					{
						displayName: 'Emit Existing Contacts on First Run',
						name: 'emitExistingOnFirstRun',
						type: 'boolean',
						default: false,
						description:
							'Whether the first poll after activation emits every contact that already exists. Off: it only remembers the newest contact and emits the ones that come after it.',
					},
				],
			},
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollNewContacts.call(this);
	}
}
