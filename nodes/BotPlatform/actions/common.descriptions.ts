/** Properties shared by several operations. */
import type { INodeProperties } from 'n8n-workflow';
import { currencyOptions } from '../helpers/currencies';
import { flagParameterName, type FieldFlag } from '../helpers/list-fields';
import { DEFAULT_MAX_WAIT_SECONDS } from '../transport';

export const listLocator: INodeProperties = {
	displayName: 'List',
	name: 'list',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The list to work with',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a list...',
			typeOptions: { searchListMethod: 'searchLists', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 6650c3a1e4b0a1b2c3d4e5f6',
			validation: [{ type: 'regex', properties: { regex: '^\\S+$', errorMessage: 'The List ID has no spaces' } }],
		},
	],
};

/** Version 1: a number field, 0 until filled in. */
export const botIdField = (required: boolean): INodeProperties => ({
	displayName: 'Bot ID',
	name: 'botId',
	type: 'number',
	default: 0,
	required,
	typeOptions: { minValue: 1, numberPrecision: 0 },
	description: 'Numeric ID of the bot, as shown in the bot’s settings in the dashboard',
});

/**
 * From version 2: a numeric ID starts empty, with a placeholder, never 0 (which n8n's required check lets through);
 * text, so an expression can give it as text or number. `idParameter` checks it before any request.
 */
export const idField = (displayName: string, name: string, description: string, required = true): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	required,
	placeholder: 'e.g. 1042',
	description,
});

export const botIdTextField = (required: boolean) =>
	idField('Bot ID', 'botId', 'Numeric ID of the bot, as shown in the bot’s settings in the dashboard', required);

export const returnAllField: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

export const limitField = (maxValue?: number): INodeProperties => ({
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	default: 50,
	typeOptions: { minValue: 1, ...(maxValue !== undefined && { maxValue }), numberPrecision: 0 },
	displayOptions: { show: { returnAll: [false] } },
	description: 'Max number of results to return',
});

/** Every operation has the same Options collection: how long to wait when the rate limit is hit. */
export const requestOptions: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	options: [
		{
			displayName: 'Max Wait When Rate Limited (Seconds)',
			name: 'maxWaitSeconds',
			type: 'number',
			default: DEFAULT_MAX_WAIT_SECONDS,
			typeOptions: { minValue: 0, maxValue: 3600, numberPrecision: 0 },
			description:
				'The Bot Platform accepts 120 requests per minute per user. When it says "wait", the node waits as long as asked and retries, for at most this many seconds in total per request; 0 fails at once.',
		},
	],
};

/** The currency of a money field (spec §2.2); from version 2 a dropdown of ISO 4217 codes, which takes expressions. */
const fieldCurrency = (name: string, typeName: string, version: number): INodeProperties => ({
	displayName: 'Currency',
	name,
	...(version === 1
		? { type: 'string', placeholder: 'e.g. USD' }
		: { type: 'options', options: currencyOptions, hint: 'Choose or type the code; an expression gives the code, e.g. EUR' }),
	default: 'USD',
	required: true,
	displayOptions: { show: { [typeName]: ['money'] } },
	description: 'Three-letter ISO 4217 code of the money field, such as USD, EUR or GBP',
});

/** Field types of a list (spec §2.2), sorted by their display name. */
export const fieldTypeOptions = [
	{ name: 'Bot', value: 'bot', description: 'A reference to a bot' },
	{ name: 'Contact', value: 'contact', description: 'A reference to a contact' },
	{ name: 'Date', value: 'date' },
	{ name: 'Date and Time', value: 'datetime' },
	{ name: 'File', value: 'file' },
	{ name: 'Image', value: 'image' },
	{ name: 'Money', value: 'money', description: 'An amount in a currency' },
	{ name: 'Number', value: 'number' },
	{ name: 'Text', value: 'string' },
	{ name: 'Yes/No', value: 'bool' },
];

export const fieldSlugHint = 'Letters, digits, - and _ only; unique in the list';

/** A field definition (spec §2.2) as UI properties; `money` shows Currency. Used by Create and Add Field. */
export function fieldDefinitionProperties(prefix: '' | 'field', version = 1): INodeProperties[] {
	const name = (base: string) => (prefix === '' ? base : `${prefix}${base[0].toUpperCase()}${base.slice(1)}`);
	const typeName = name('type');
	const label = (base: string) => (prefix === '' ? base : `Field ${base}`);
	return [
		{
			displayName: label('Name'),
			name: name('name'),
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. Delivery address',
			description: 'The name people see, up to 255 characters',
		},
		{
			displayName: label('Slug'),
			name: name('slug'),
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. delivery_address',
			hint: fieldSlugHint,
			description: 'The key the field’s values are stored under, up to 255 characters',
		},
		{
			displayName: label('Type'),
			name: typeName,
			type: 'options',
			options: fieldTypeOptions,
			default: 'string',
			required: true,
			description: 'What the field holds',
		},
		fieldCurrency(name('currency'), typeName, version),
	];
}

/** The three flags of a field definition, with the API's defaults. */
export const fieldFlagProperties = (version = 1): INodeProperties[] =>
	flagProperties.map((property) => ({ ...property, name: flagParameterName(property.name as FieldFlag, version) }));

const flagProperties: INodeProperties[] = [
	{
		displayName: 'Encrypted',
		name: 'is_encryptable',
		type: 'boolean',
		default: false,
		description: 'Whether the field’s values are stored encrypted',
	},
	{
		displayName: 'Hidden',
		name: 'is_hidden',
		type: 'boolean',
		default: false,
		description: 'Whether the field is hidden in the dashboard',
	},
	{
		displayName: 'Required',
		name: 'is_required',
		type: 'boolean',
		default: true,
		description: 'Whether the field must be filled when a record is added',
	},
];

/** From version 3: a picker of numeric IDs, "From List" by default, or "By ID". */
const idLocator = (
	displayName: string,
	name: string,
	searchListMethod: string,
	description: string,
	required = true,
): INodeProperties => ({
	displayName,
	name,
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required,
	description,
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: `Select ${/^[AEIOU]/.test(displayName) ? 'an' : 'a'} ${displayName.toLowerCase()}...`,
			typeOptions: { searchListMethod, searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 1042',
			validation: [
				{ type: 'regex', properties: { regex: '^\\s*\\d+\\s*$', errorMessage: `The ${displayName} ID is a whole number` } },
			],
		},
	],
});

/** The bot picker (from version 3); the API lists no bots, so the list holds the bots your contacts and lists name. */
export const botLocator = (required: boolean) =>
	idLocator('Bot', 'botId', 'searchBots', 'The bot: from the bots your contacts and lists belong to, or by its ID', required);

/** The contact picker (from version 3): searchable by name, phone, email or ID. */
export const contactLocator = idLocator(
	'Contact',
	'contactId',
	'searchContacts',
	'The contact, searched by name, phone or email',
);

/** The contact account picker (from version 3): the chosen contact's accounts, by ID, or by currency code. */
export const accountLocator: INodeProperties = {
	...idLocator('Contact Account', 'account', 'searchContactAccounts', 'One of the contact’s contact accounts (one per currency)'),
	modes: [
		...idLocator('Contact Account', 'account', 'searchContactAccounts', '').modes!,
		{
			displayName: 'By Currency',
			name: 'currency',
			type: 'string',
			placeholder: 'e.g. EUR',
			validation: [
				{ type: 'regex', properties: { regex: '^\\s*[A-Za-z]{3}\\s*$', errorMessage: 'A three-letter ISO 4217 code' } },
			],
		},
	],
};
