/** Tag → Remove From Contact: `detachTagFromContact`; the bot keeps the tag; removing an absent tag changes nothing. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest, type ApiMethod } from '../../transport';
import { callOptions } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import { requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { contactAndTag, contactFields, tagFields } from './common';

export const detachTagFromContact: ApiMethod = { name: 'detachTagFromContact', repeatable: true, subject: 'contact' };

const properties: INodeProperties[] = [
	...contactFields,
	...tagFields('The bot keeps the tag', 'searchContactTags', 'one of the contact’s tags'),
	requestOptions,
];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	await apiRequest.call(this, detachTagFromContact, contactAndTag.call(this, itemIndex), callOptions.call(this, itemIndex));
	return { detached: true };
}

export const removeFromContact: BotPlatformOperation = {
	method: detachTagFromContact,
	readmeNote:
		"Picked from the contact's tags, by name or by tag ID; the bot keeps the tag. Returns `{detached: true}`, also when the contact did not have it.",
	description: forOperation('tag', 'removeFromContact', properties),
	execute,
};
