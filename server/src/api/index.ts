/** Every method of `/api/v1`, by area; the areas are the sections of the API reference. */
import type { ApiMethod } from './api-method';
import { contactAccountMethods } from './contact-accounts';
import { contactVariableMethods } from './contact-variables';
import { contactMethods } from './contacts';
import { listItemMethods } from './list-items';
import { listMethods } from './lists';
import { meMethods } from './me';
import { tagMethods } from './tags';

export interface ApiArea {
	name: string;
	description: string;
	methods: readonly ApiMethod[];
}

export const apiAreas: readonly ApiArea[] = [
	{ name: 'Key', description: 'Checking a key (§5).', methods: meMethods },
	{
		name: 'Lists',
		description: 'List schemas: create, read and delete lists, add and remove their fields (§2.1, §2.2, §4.3–4.8).',
		methods: listMethods,
	},
	{
		name: 'List items',
		description: "A list's records: read them filtered and sorted, add, change and delete them (§12).",
		methods: listItemMethods,
	},
	{
		name: 'Contact accounts',
		description:
			"A contact's internal per-currency balances (bonuses, points, deposit); no money is transferred (§2.3, §4.9–4.13).",
		methods: contactAccountMethods,
	},
	{
		name: 'Contacts',
		description: "Exporting, counting, and creating or updating the contacts of the key holder's bots (§2.4, §4.14–4.16).",
		methods: contactMethods,
	},
	{
		name: 'Tags',
		description: "A bot's tags and the tags of its contacts: the contact object's `tags` (§2.4, §10).",
		methods: tagMethods,
	},
	{
		name: 'Contact variables',
		description: "A contact's variables: the contact object's `variables`, with the same IDs (§2.4, §11).",
		methods: contactVariableMethods,
	},
];

export const apiMethods: readonly ApiMethod[] = apiAreas.flatMap((area) => area.methods);
