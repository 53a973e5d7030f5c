/**
 * How the tag and contact variable operations name a bot, a contact and a tag, in each version as the other resources
 * do: number fields (1), text fields (2), the bot and contact pickers (from 3). A tag is chosen by name (a new name becomes a tag of the bot, spec §10.5) or by its numeric ID.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { idParameter } from '../../helpers/parameters';
import { perVersion3 } from '../../helpers/display-options';
import { botIdField, botIdTextField, botLocator, contactLocator, idField } from '../common.descriptions';
import { contactIdField } from '../contactAccount/common';

const CONTACT_ID_DESCRIPTION = 'Numeric ID of the contact, e.g. from the output of Contact → Get Many';

export const contactFields: INodeProperties[] = perVersion3(
	[contactIdField],
	[idField('Contact ID', 'contactId', CONTACT_ID_DESCRIPTION)],
	[contactLocator],
);

export const botFields: INodeProperties[] = perVersion3([botIdField(true)], [botIdTextField(true)], [botLocator(true)]);

export const tagFields = (hint: string): INodeProperties[] => [
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

/** The API parameters of the chosen contact and tag. */
export function contactAndTag(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const contactId = idParameter.call(this, 'contactId', itemIndex, 'Contact ID');
	if (this.getNodeParameter('tagBy', itemIndex) === 'id') {
		return { contact_id: contactId, tag_id: idParameter.call(this, 'tagId', itemIndex, 'Tag ID') };
	}
	const name = String(this.getNodeParameter('tagName', itemIndex) ?? '').trim();
	if (name === '') throw new NodeOperationError(this.getNode(), 'Tag Name is empty', { itemIndex });
	return { contact_id: contactId, name };
}

/** Tag names as n8n items, one per tag. */
export const tagItems = (names: unknown): IDataObject[] => (Array.isArray(names) ? names : []).map((name) => ({ name }));
