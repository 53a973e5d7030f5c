/** Finds the operation module for a resource and operation chosen in the node. */
import type { BotPlatformOperation, BotPlatformResource } from './node.type';
import * as account from './account/Account.resource';
import * as contact from './contact/Contact.resource';
import * as contactAccount from './contactAccount/ContactAccount.resource';
import * as list from './list/List.resource';
import * as listItem from './listItem/ListItem.resource';

export const resources: Record<BotPlatformResource, Record<string, BotPlatformOperation>> = {
	account: account.operations,
	contact: contact.operations,
	contactAccount: contactAccount.operations,
	list: list.operations,
	listItem: listItem.operations,
};

export function findOperation(resource: string, operation: string): BotPlatformOperation | undefined {
	return Object.prototype.hasOwnProperty.call(resources, resource)
		? resources[resource as BotPlatformResource][operation]
		: undefined;
}
