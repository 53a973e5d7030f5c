/** Finds the operation module for a resource and operation chosen in the node. */
import type { BotPlatformOperation, BotPlatformResource } from './node.type';
import * as contact from './contact/Contact.resource';
import * as contactAccount from './contactAccount/ContactAccount.resource';
import * as contactVariable from './contactVariable/ContactVariable.resource';
import * as list from './list/List.resource';
import * as tag from './tag/Tag.resource';
import * as listItem from './listItem/ListItem.resource';
import * as user from './user/User.resource';

export const resources: Record<BotPlatformResource, Record<string, BotPlatformOperation>> = {
	contact: contact.operations,
	contactAccount: contactAccount.operations,
	contactVariable: contactVariable.operations,
	list: list.operations,
	tag: tag.operations,
	listItem: listItem.operations,
	user: user.operations,
};

/** Resource values that older versions saved, and the resource they mean now. */
const savedAs: Record<string, BotPlatformResource> = { [user.RESOURCE_UP_TO_VERSION_3]: 'user' };

export function findOperation(saved: string, operation: string): BotPlatformOperation | undefined {
	const resource = Object.prototype.hasOwnProperty.call(savedAs, saved) ? savedAs[saved] : saved;
	return Object.prototype.hasOwnProperty.call(resources, resource)
		? resources[resource as BotPlatformResource][operation]
		: undefined;
}
