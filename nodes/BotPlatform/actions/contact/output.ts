/**
 * From version 3, operations that return contacts offer Output (n8n's UX guidelines: an answer of more than 10
 * fields gets a simplified form): Simplified (the default, 9 fields), Raw (every field, as versions 1 and 2 return
 * them) or Selected Fields. Earlier versions return the contact as they always did.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { fromVersion3 } from '../../helpers/display-options';
import { nodeVersion } from '../../helpers/parameters';

/** Every field of a contact (spec §2.4). */
export const CONTACT_FIELDS = [
	'address',
	'avatar',
	'bot_id',
	'created_at',
	'email',
	'id',
	'max_user_id',
	'max_username',
	'messenger',
	'name',
	'phone',
	'tags',
	'telegram_id',
	'telegram_username',
	'unsubscribed_at',
	'utm',
	'variables',
	'viber_id',
	'vk_user_id',
];

/** What Simplified keeps: who the contact is, how to reach them, and their tags. */
export const SIMPLIFIED_CONTACT_FIELDS = [
	'id',
	'bot_id',
	'name',
	'messenger',
	'phone',
	'email',
	'tags',
	'created_at',
	'unsubscribed_at',
];

export type ContactOutput = 'fields' | 'raw' | 'simplified';

export const contactOutputProperties: INodeProperties[] = fromVersion3([
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'Raw',
				value: 'raw',
				description: 'Return every field of the contact, as the API answers (19 fields)',
			},
			{
				name: 'Selected Fields',
				value: 'fields',
				description: 'Return only the fields you choose (and the ID)',
			},
			{
				name: 'Simplified',
				value: 'simplified',
				description: `Return ${SIMPLIFIED_CONTACT_FIELDS.length} fields: ${SIMPLIFIED_CONTACT_FIELDS.join(', ')}`,
			},
		],
		default: 'simplified',
		description: 'How much of each contact to return; fewer fields keep workflows and AI agents’ answers small',
	},
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'multiOptions',
		options: CONTACT_FIELDS.map((field) => ({ name: field, value: field })),
		default: [],
		displayOptions: { show: { output: ['fields'] } },
		description: 'The contact fields to return; the ID is always returned',
	},
]);

/** Reads a parameter of the node for the item at hand (an action item, or the trigger's poll). */
export type ReadParameter = (name: string, fallback: unknown) => unknown;

/**
 * What the chosen Output does to a contact, in a node of `version`. `always` are the node's own fields beside the
 * contact's (such as `created`), kept in every shape.
 */
export function contactShaper(
	version: number,
	read: ReadParameter,
	always: string[] = [],
): (contact: IDataObject) => IDataObject {
	const output = version < 3 ? 'raw' : (read('output', 'simplified') as ContactOutput);
	if (output === 'raw') return (contact) => contact;
	const chosen = output === 'fields' ? ['id', ...(read('fields', []) as string[])] : SIMPLIFIED_CONTACT_FIELDS;
	const keep = new Set([...chosen, ...always]);
	return (contact) => Object.fromEntries(Object.entries(contact).filter(([key]) => keep.has(key)));
}

/** The shaper of an action node's item. */
export function itemContactShaper(this: IExecuteFunctions, itemIndex: number, always: string[] = []) {
	return contactShaper(nodeVersion.call(this), (name, fallback) => this.getNodeParameter(name, itemIndex, fallback), always);
}
