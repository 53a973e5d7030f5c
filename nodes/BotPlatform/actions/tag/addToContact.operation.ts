/** Tag → Add to Contact: `attachTagToContact`; a new name becomes a tag of the bot; adding it again changes nothing. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { callOptions } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import { requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { contactAndTag, contactFields, tagFields } from './common';

const properties: INodeProperties[] = [
	...contactFields,
	...tagFields('A name the bot does not have yet becomes one of its tags'),
	requestOptions,
];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	await apiRequest.call(this, 'attachTagToContact', contactAndTag.call(this, itemIndex), callOptions.call(this, itemIndex));
	return { attached: true };
}

export const addToContact: BotPlatformOperation = {
	method: 'attachTagToContact',
	description: forOperation('tag', 'addToContact', properties),
	execute,
};
