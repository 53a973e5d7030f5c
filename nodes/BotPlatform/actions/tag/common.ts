/**
 * How the tag and contact variable operations name a bot, a contact and a tag, in each version as the other resources
 * do: number fields (1), text fields (2), the bot and contact pickers (from 3). A tag is chosen by name (a new name
 * becomes a tag of the bot, spec §10.5) or by its numeric ID: up to version 3 with a "Tag" dropdown and a field per
 * way, from 3.1 with one picker whose list shows the bot's (Add) or the contact's (Remove) tags.
 */
import type { IDataObject, IExecuteFunctions, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { idParameter, nodeVersion } from '../../helpers/parameters';
import { fromVersion3point1, perVersion3, upToVersion3 } from '../../helpers/display-options';
import { botIdField, botIdTextField, botLocator, contactLocator, idField } from '../common.descriptions';
import { contactIdField } from '../contactAccount/common';

const CONTACT_ID_DESCRIPTION = 'Numeric ID of the contact, e.g. from the output of Contact → Get Many';

export const contactFields: INodeProperties[] = perVersion3(
	[contactIdField],
	[idField('Contact ID', 'contactId', CONTACT_ID_DESCRIPTION)],
	[contactLocator],
);

export const botFields: INodeProperties[] = perVersion3([botIdField(true)], [botIdTextField(true)], [botLocator(true)]);

/** Versions 1 to 3: how to name the tag, then the name or the ID. */
const tagFieldsUpToVersion3 = (hint: string): INodeProperties[] => [
	{
		displayName: 'Tag',
		name: 'tagBy',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'By ID', value: 'id', description: 'The tag’s numeric ID in the bot' },
			{ name: 'By Name', value: 'name', description: 'The tag’s name, e.g. vip' },
		],
		default: 'name',
		description: 'How to name the tag',
	},
	{
		displayName: 'Tag Name',
		name: 'tagName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. vip',
		hint,
		description: 'The tag’s name, up to 255 characters; case counts',
		displayOptions: { show: { tagBy: ['name'] } },
	},
	{
		...idField('Tag ID', 'tagId', 'Numeric ID of a tag of the contact’s bot'),
		displayOptions: { show: { tagBy: ['id'] } },
	},
];

/**
 * From version 3.1: one picker. The API reads names only (spec §10.3), so the list's values are names, sent as `name`
 * like "By Name"; "By ID" sends `tag_id`.
 */
const tagLocator = (searchListMethod: string, listHint: string, hint: string): INodeProperties => ({
	displayName: 'Tag',
	name: 'tag',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	hint,
	description: `The tag: ${listHint}, by name (up to 255 characters; case counts) or by its numeric ID`,
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a tag...',
			typeOptions: { searchListMethod, searchable: true },
		},
		{ displayName: 'By Name', name: 'name', type: 'string', placeholder: 'e.g. vip' },
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 100001',
			validation: [{ type: 'regex', properties: { regex: '^\\s*\\d+\\s*$', errorMessage: 'The Tag ID is a whole number' } }],
		},
	],
});

/** The tag fields of Add to Contact and Remove From Contact, in each version. */
export const tagFields = (hint: string, searchListMethod: string, listHint: string): INodeProperties[] => [
	...upToVersion3(tagFieldsUpToVersion3(hint)),
	...fromVersion3point1([tagLocator(searchListMethod, listHint, hint)]),
];

/** The API parameters of the chosen contact and tag. */
export function contactAndTag(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const contactId = idParameter.call(this, 'contactId', itemIndex, 'Contact ID');
	const picked = nodeVersion.call(this) >= 3.1;
	const byId = picked
		? (this.getNodeParameter('tag', itemIndex) as INodeParameterResourceLocator).mode === 'id'
		: this.getNodeParameter('tagBy', itemIndex) === 'id';
	if (byId) {
		return { contact_id: contactId, tag_id: idParameter.call(this, picked ? 'tag' : 'tagId', itemIndex, 'Tag ID') };
	}
	const raw = picked
		? this.getNodeParameter('tag', itemIndex, undefined, { extractValue: true })
		: this.getNodeParameter('tagName', itemIndex);
	const name = String(raw ?? '').trim();
	if (name === '') {
		const message = picked ? 'No tag chosen: pick a tag, or enter its name or ID' : 'Tag Name is empty';
		throw new NodeOperationError(this.getNode(), message, { itemIndex });
	}
	return { contact_id: contactId, name };
}

/** Tag names as n8n items, one per tag. */
export const tagItems = (names: unknown): IDataObject[] => (Array.isArray(names) ? names : []).map((name) => ({ name }));
