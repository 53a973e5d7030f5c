/**
 * The Bot Platform node's versions and its resources, with, per resource, the operations and their fields. All
 * versions share this description: a parameter that changed exists once per version (`helpers/display-options.ts`).
 * Version 2: IDs start empty, not 0; accounts by contact and currency; currency dropdowns; camelCase names; empty
 * Tags leave tags unchanged; Create or Update says `created`; Add/Delete Field return the list.
 * Version 3: contacts come Simplified by default (Output: Simplified, Raw, Selected Fields); deletes answer
 * `{deleted: true}`; bots, contacts and contact accounts are chosen with pickers that open on "From List".
 */
import type { INodeProperties } from 'n8n-workflow';
import * as account from './account/Account.resource';
import * as contact from './contact/Contact.resource';
import * as contactAccount from './contactAccount/ContactAccount.resource';
import * as list from './list/List.resource';
import * as listItem from './listItem/ListItem.resource';

export const VERSIONS = [1, 2, 3];

export const DEFAULT_VERSION = 3;

export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Account', value: 'account', description: 'The Bot Platform account of the API key' },
			{ name: 'Contact', value: 'contact', description: 'A person who writes to a bot' },
			{ name: 'Contact Account', value: 'contactAccount', description: 'A contact’s balance in one currency' },
			{ name: 'List', value: 'list', description: 'A list (table) with fields, in a project' },
			{ name: 'List Item', value: 'listItem', description: 'A record of a list, with a value per field' },
		],
		default: 'contact',
	},
	...account.description,
	...contact.description,
	...contactAccount.description,
	...list.description,
	...listItem.description,
];

/** What an AI agent reads when the node is one of its tools. */
export const toolDescription =
	'Work with a Bot Platform chatbot account. Contacts: list them (filter by bot ID and creation time), count them, or create or update one by its messenger ID (Telegram, MAX, VK, Viber). Contact accounts are per-currency balances of a contact: list them, open one, delete an empty one, add or withdraw funds. An account is named by its ID, or by contact ID and three-letter currency code (e.g. EUR). Amounts are in major units (e.g. 5.25) or minor units (e.g. 525 cents); amountUnit says which. Lists: list them, get one, create one with fields, delete one, add or delete a field. List items (records of a list, field slug to value): get many (filters by field value, sort), add one, update some of its fields, delete one. Account: get the account of the API key. IDs of bots, contacts and accounts are numbers; list IDs are strings.';
