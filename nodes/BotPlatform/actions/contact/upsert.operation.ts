/**
 * Contact → Create or Update: `createOrUpdateContact` (spec §4.16). The contact is found in the bot by its
 * messenger ID; only that messenger's ID field is shown and sent.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { apiRequest, dataOf, type ApiMethod } from '../../transport';
import { callOptions, idParameter, nodeVersion, textParameter } from '../../helpers/parameters';
import { forOperation, perVersion, perVersion3 } from '../../helpers/display-options';
import { botIdField, botIdTextField, botLocator, requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { contactOutputProperties, itemContactShaper } from './output';

export const createOrUpdateContact: ApiMethod = { name: 'createOrUpdateContact', repeatable: true, subject: 'bot' };

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

/**
 * Optional contact fields. Version 2 names them in camelCase and makes clearing tags an explicit choice: with
 * per-item mapping, an item without tags must not wipe the contact's tags.
 */
function additionalFields(version: number): INodeProperties {
	const username = (messenger: 'max' | 'telegram', label: string): INodeProperties => ({
		displayName: `${label} Username`,
		name: version === 1 ? `${messenger}_username` : `${messenger}Username`,
		type: 'string',
		default: '',
		displayOptions: { show: { '/messenger': [messenger] } },
		description: `${label} username${messenger === 'telegram' ? ' without @' : ''}, up to 255 characters`,
	});
	const tags: INodeProperties = {
		displayName: 'Tags',
		name: 'tags',
		type: 'string',
		default: '',
		placeholder: 'e.g. vip, newsletter',
		hint:
			version === 1
				? 'Comma-separated. Replaces all tags; leave empty to remove all tags.'
				: 'Comma-separated; replaces all tags. Empty leaves the tags unchanged (see Clear Tags).',
		description: 'Tags of the contact, up to 100, each up to 255 characters',
	};
	const clearTags: INodeProperties = {
		displayName: 'Clear Tags',
		name: 'clearTags',
		type: 'boolean',
		default: false,
		description:
			'Whether to remove all tags of the contact when Tags is empty. Tags that are given always replace the current ones.',
	};
	return {
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
			...(version === 1 ? [] : [clearTags]),
			{
				displayName: 'Email',
				name: 'email',
				type: 'string',
				default: '',
				placeholder: 'name@email.com',
				description: 'Email address of the contact',
			},
			username('max', 'MAX'),
			{
				displayName: 'Phone',
				name: 'phone',
				type: 'string',
				default: '',
				placeholder: 'e.g. +15551234567',
				hint: 'International format with +; spaces, dashes and brackets are removed',
				description: 'Phone number: + and 8 to 15 digits',
			},
			tags,
			username('telegram', 'Telegram'),
		],
	};
}

const properties: INodeProperties[] = [
	...perVersion3([botIdField(true)], [botIdTextField(true)], [botLocator(true)]).map((property) => ({
		...property,
		description: 'Numeric ID of the bot the contact writes to (one of your bots)',
	})),
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
	...perVersion([additionalFields(1)], [additionalFields(2)]),
	...contactOutputProperties,
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
	const version = nodeVersion.call(this);
	const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	for (const key of ['address', 'email'] as const) {
		const value = String(extra[key] ?? '').trim();
		if (value !== '') params[key] = value;
	}
	// A username belongs to its messenger; a stale value left from another messenger is not sent.
	if (messenger === 'telegram' || messenger === 'max') {
		const apiName = `${messenger}_username`;
		const username = String(extra[version === 1 ? apiName : `${messenger}Username`] ?? '').trim();
		if (username !== '') params[apiName] = username.replace(/^@/, '');
	}
	const phone = String(extra.phone ?? '').trim();
	if (phone !== '') params.phone = normalizePhone(phone);
	if (version === 1) {
		if ('tags' in extra) params.tags = parseTags(extra.tags);
	} else {
		const tags = parseTags(extra.tags);
		if (tags.length > 0) params.tags = tags;
		else if (extra.clearTags === true) params.tags = [];
	}

	const { status, body } = await apiRequest.call(this, createOrUpdateContact, params, callOptions.call(this, itemIndex));
	const contact = dataOf(body);
	// The API tells a new contact (201) from an updated one (200); version 2 says so beside the contact's fields.
	if (version === 1) return contact;
	return itemContactShaper.call(this, itemIndex, ['created'])({ ...contact, created: status === 201 });
}

export const upsert: BotPlatformOperation = {
	method: createOrUpdateContact,
	readmeNote:
		"Found by the messenger ID (Telegram, MAX, VK, Viber); only that messenger's ID field and username are shown. Optional: address, email, phone, tags. Returns the contact (as Output says) and `created` (see below).",
	description: forOperation('contact', 'upsert', properties),
	execute,
};
