/**
 * Contact → Create or Update: `createOrUpdateContact` (spec §4.16). The contact is found in the bot by its
 * messenger ID; only that messenger's ID field is shown and sent.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { callApi, dataOf, idParameter, textParameter } from '../../helpers/call';
import { forOperation } from '../../helpers/display-options';
import { botIdField, requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';

type Messenger = 'max' | 'telegram' | 'viber' | 'vk';

/** The ID parameter of each messenger: UI name, API name, and whether the API wants a number. */
const MESSENGER_IDS: Record<Messenger, { parameter: string; apiName: string; label: string; numeric: boolean }> = {
	max: { parameter: 'maxId', apiName: 'max_id', label: 'MAX User ID', numeric: true },
	telegram: { parameter: 'telegramId', apiName: 'telegram_id', label: 'Telegram User ID', numeric: true },
	viber: { parameter: 'viberId', apiName: 'viber_id', label: 'Viber ID', numeric: false },
	vk: { parameter: 'vkId', apiName: 'vk_id', label: 'VK User ID', numeric: true },
};

const messengerIdField = (messenger: Messenger, description: string, placeholder: string): INodeProperties => ({
	displayName: MESSENGER_IDS[messenger].label,
	name: MESSENGER_IDS[messenger].parameter,
	type: 'string',
	default: '',
	required: true,
	placeholder,
	displayOptions: { show: { messenger: [messenger] } },
	description,
});

const properties: INodeProperties[] = [
	{ ...botIdField(true), description: 'Numeric ID of the bot the contact writes to (one of your bots)' },
	{
		displayName: 'Messenger',
		name: 'messenger',
		type: 'options',
		options: [
			{ name: 'MAX', value: 'max' },
			{ name: 'Telegram', value: 'telegram' },
			{ name: 'Viber', value: 'viber' },
			{ name: 'VK', value: 'vk' },
		],
		default: 'telegram',
		required: true,
		description: 'Where the contact writes to the bot. The contact is looked up by its ID in this messenger.',
	},
	messengerIdField('telegram', 'Numeric Telegram user ID of the contact (not the @username)', 'e.g. 123456789'),
	messengerIdField('max', 'Numeric MAX user ID of the contact', 'e.g. 123456789'),
	messengerIdField('vk', 'Numeric VK user ID of the contact', 'e.g. 123456789'),
	messengerIdField('viber', 'Viber ID of the contact, up to 255 characters', 'e.g. 01234567890A='),
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		description: 'The contact’s name. It replaces the current name on every call.',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add field',
		default: {},
		description: 'On an existing contact, empty fields keep their current value; they cannot be cleared',
		options: [
			{
				displayName: 'Address',
				name: 'address',
				type: 'string',
				default: '',
				description: 'Postal address, up to 255 characters',
			},
			{
				displayName: 'Email',
				name: 'email',
				type: 'string',
				default: '',
				placeholder: 'name@email.com',
				description: 'Email address of the contact',
			},
			{
				displayName: 'MAX Username',
				name: 'max_username',
				type: 'string',
				default: '',
				displayOptions: { show: { '/messenger': ['max'] } },
				description: 'MAX username, up to 255 characters',
			},
			{
				displayName: 'Phone',
				name: 'phone',
				type: 'string',
				default: '',
				placeholder: 'e.g. +15551234567',
				hint: 'International format with +; spaces, dashes and brackets are removed',
				description: 'Phone number: + and 8 to 15 digits',
			},
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				placeholder: 'e.g. vip, newsletter',
				hint: 'Comma-separated. Replaces all tags; leave empty to remove all tags.',
				description: 'Tags of the contact, up to 100, each up to 255 characters',
			},
			{
				displayName: 'Telegram Username',
				name: 'telegram_username',
				type: 'string',
				default: '',
				displayOptions: { show: { '/messenger': ['telegram'] } },
				description: 'Telegram username without @, up to 255 characters',
			},
		],
	},
	requestOptions,
];

/** "+1 (555) 123-45-67" → "+15551234567"; digits without + get one. */
export function normalizePhone(phone: string): string {
	const compact = phone.replace(/[\s\-().]/g, '');
	return /^\d+$/.test(compact) ? `+${compact}` : compact;
}

/** Comma-separated text or an array (from an expression) → trimmed, non-empty tags. */
export function parseTags(value: unknown): string[] {
	const parts = Array.isArray(value) ? value.map((tag) => String(tag)) : String(value ?? '').split(',');
	return parts.map((tag) => tag.trim()).filter((tag) => tag !== '');
}

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const messenger = this.getNodeParameter('messenger', itemIndex) as Messenger;
	const idInfo = MESSENGER_IDS[messenger];
	if (!idInfo) throw new NodeOperationError(this.getNode(), `Unknown messenger "${String(messenger)}"`, { itemIndex });
	const params: IDataObject = {
		bot_id: idParameter.call(this, 'botId', itemIndex, 'Bot ID'),
		messenger,
		name: textParameter.call(this, 'name', itemIndex, 'Name'),
		[idInfo.apiName]: idInfo.numeric
			? idParameter.call(this, idInfo.parameter, itemIndex, idInfo.label)
			: textParameter.call(this, idInfo.parameter, itemIndex, idInfo.label),
	};
	const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	for (const key of ['address', 'email'] as const) {
		const value = String(extra[key] ?? '').trim();
		if (value !== '') params[key] = value;
	}
	// A username belongs to its messenger; a stale value left from another messenger is not sent.
	const usernameKey = messenger === 'telegram' ? 'telegram_username' : messenger === 'max' ? 'max_username' : undefined;
	if (usernameKey) {
		const username = String(extra[usernameKey] ?? '').trim();
		if (username !== '') params[usernameKey] = username.replace(/^@/, '');
	}
	const phone = String(extra.phone ?? '').trim();
	if (phone !== '') params.phone = normalizePhone(phone);
	if ('tags' in extra) params.tags = parseTags(extra.tags);

	const { body } = await callApi.call(this, 'createOrUpdateContact', params, itemIndex);
	return dataOf(body);
}

export const upsert: BotPlatformOperation = {
	method: 'createOrUpdateContact',
	description: forOperation('contact', 'upsert', properties),
	execute,
};
