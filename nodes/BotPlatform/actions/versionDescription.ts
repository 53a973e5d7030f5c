/**
 * The Bot Platform node's versions and its resources, with, per resource, the operations and their fields. All
 * versions share this description: a parameter that changed exists once per version (`helpers/display-options.ts`).
 * Version 2: IDs start empty, not 0; accounts by contact and currency; currency dropdowns; camelCase names; empty
 * Tags leave tags unchanged; Create or Update says `created`; Add/Delete Field return the list.
 * Version 3: contacts come Simplified by default (Output: Simplified, Raw, Selected Fields); deletes answer
 * `{deleted: true}`; bots, contacts and contact accounts are chosen with pickers that open on "From List".
 * Version 3.1: the key holder's resource is `user` (versions 1 to 3 saved it as `account`; it works the same); the List
 * Item resource (only from 3.1, so versions 1 to 3 offer what they were saved with).
 */
import type { INodeProperties } from 'n8n-workflow';
import * as contact from './contact/Contact.resource';
import * as contactAccount from './contactAccount/ContactAccount.resource';
import * as contactVariable from './contactVariable/ContactVariable.resource';
import * as list from './list/List.resource';
import * as tag from './tag/Tag.resource';
import * as listItem from './listItem/ListItem.resource';
import * as user from './user/User.resource';
import { fromVersion3point1, upToVersion3 } from '../helpers/display-options';

export const VERSIONS = [1, 2, 3, 3.1];

export const DEFAULT_VERSION = 3.1;

/** Resources added in version 3.1: versions 1 to 3 do not offer them, so they stay as they were saved. */
const FROM_VERSION_3_POINT_1 = new Set(['listItem']);

/** The resource selector; the key holder's value differs between versions (`user`, `account` up to 3). */
const resourceSelector = (userValue: string, version3point1: boolean): INodeProperties => ({
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Contact', value: 'contact', description: 'A person who writes to a bot' },
		{ name: 'Contact Account', value: 'contactAccount', description: 'A contact’s balance in one currency' },
		{ name: 'Contact Variable', value: 'contactVariable', description: 'A named value kept on a contact for the bot' },
		{ name: 'List', value: 'list', description: 'A list (table) with fields, in a project' },
		{ name: 'List Item', value: 'listItem', description: 'A record of a list, with a value per field' },
		{ name: 'Tag', value: 'tag', description: 'A label of a bot, put on its contacts' },
		{ name: 'User', value: userValue, description: 'The Bot Platform user the API key belongs to' },
	].filter((option) => version3point1 || !FROM_VERSION_3_POINT_1.has(option.value)),
	default: 'contact',
});

export const properties: INodeProperties[] = [
	...fromVersion3point1([resourceSelector(user.RESOURCE, true)]),
	...upToVersion3([resourceSelector(user.RESOURCE_UP_TO_VERSION_3, false)]),
	...contact.description,
	...contactAccount.description,
	...contactVariable.description,
	...list.description,
	...fromVersion3point1(listItem.description),
	...tag.description,
	...user.description,
];

/** What an AI agent reads when the node is one of its tools. */
export const toolDescription =
	'Work with Bot Platform chatbots. Contacts: list them (filter by bot ID and creation time), count them, or create or update one by its messenger ID (Telegram, MAX, VK, Viber). Contact accounts are per-currency balances of a contact: list them, open one, delete an empty one, add or withdraw funds. A contact account is named by its ID, or by contact ID and three-letter currency code (e.g. EUR). Amounts are in major units (e.g. 5.25) or minor units (e.g. 525 cents); amountUnit says which. Lists: list them, get one, create one with fields, delete one, add or delete a field. List items (records of a list, field slug to value): get many (filters by field value, sort), add one, update some of its fields, delete one. Tags: list the tag names of a bot or of a contact; add or remove one tag of a contact by name (a new name becomes a tag of the bot) or tag ID, leaving the others. Contact variables: list them, set one by name (made if new), delete one by name or ID. User: get the user the API key belongs to. IDs of bots, contacts and contact accounts are numbers; list IDs are strings.';
