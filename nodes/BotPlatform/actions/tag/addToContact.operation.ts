/** Tag → Add to Contact: `attachTagToContact`; a new name becomes a tag of the bot; adding it again changes nothing. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest, type ApiMethod } from '../../transport';
import { callOptions } from '../../helpers/parameters';
import { forOperation, fromVersion3point1 } from '../../helpers/display-options';
import { botLocator, requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { contactAndTag, contactFields, tagFields } from './common';

export const attachTagToContact: ApiMethod = { name: 'attachTagToContact', repeatable: true, subject: 'contact' };

/** From version 3.1: the bot whose tags the Tag list shows (the API reads a bot's tags by bot, spec §10.3); not sent. */
const tagListBot: INodeProperties = {
	...botLocator(false),
	description:
		'The contact’s bot, whose tags the Tag list shows; it also narrows the Contact list. Not sent: the tag goes to the contact’s bot.',
};

const properties: INodeProperties[] = [
	...fromVersion3point1([tagListBot]),
	...contactFields,
	...tagFields('A name the bot does not have yet becomes one of its tags', 'searchBotTags', 'one of the bot’s tags'),
	requestOptions,
];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	await apiRequest.call(this, attachTagToContact, contactAndTag.call(this, itemIndex), callOptions.call(this, itemIndex));
	return { attached: true };
}

export const addToContact: BotPlatformOperation = {
	method: attachTagToContact,
	readmeNote:
		"Picked from the bot's tags, by name (a name the bot lacks becomes one of its tags) or by tag ID; the contact's other tags stay. Returns `{attached: true}`, also when the contact had the tag.",
	description: forOperation('tag', 'addToContact', properties),
	execute,
};
