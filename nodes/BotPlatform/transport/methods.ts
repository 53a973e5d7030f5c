/**
 * Every API method the package calls, with what the transport must know about it:
 * - `repeatable`: sending it twice leaves the same state (reads, and the upsert), so a network reset or a 5xx
 *   may be retried. Others are retried only on 429, which the server answers before doing anything (spec §8).
 * - `subject`: what a 404 means for it, for an actionable message.
 */
export type NotFoundSubject = 'account' | 'bot' | 'contact' | 'list' | 'item' | 'variable' | 'none';

export interface ApiMethodInfo {
	repeatable: boolean;
	subject: NotFoundSubject;
}

export const API_METHODS = {
	getMe: { repeatable: true, subject: 'none' },
	getListSchemas: { repeatable: true, subject: 'none' },
	getListSchema: { repeatable: true, subject: 'list' },
	createListSchema: { repeatable: false, subject: 'none' },
	deleteListSchema: { repeatable: false, subject: 'list' },
	addListSchemaField: { repeatable: false, subject: 'list' },
	deleteListSchemaField: { repeatable: false, subject: 'list' },
	getContactAccounts: { repeatable: true, subject: 'contact' },
	addContactAccount: { repeatable: false, subject: 'contact' },
	deleteContactAccount: { repeatable: false, subject: 'account' },
	addFundsToContactAccount: { repeatable: false, subject: 'account' },
	withdrawFundsFromContactAccount: { repeatable: false, subject: 'account' },
	getContacts: { repeatable: true, subject: 'none' },
	getNumberOfContacts: { repeatable: true, subject: 'none' },
	createOrUpdateContact: { repeatable: true, subject: 'bot' },
	getBotTags: { repeatable: true, subject: 'bot' },
	getContactTags: { repeatable: true, subject: 'contact' },
	attachTagToContact: { repeatable: true, subject: 'contact' },
	detachTagFromContact: { repeatable: true, subject: 'contact' },
	getContactVariables: { repeatable: true, subject: 'contact' },
	setContactVariable: { repeatable: true, subject: 'contact' },
	deleteContactVariable: { repeatable: false, subject: 'variable' },
	getListItems: { repeatable: true, subject: 'list' },
	addListItem: { repeatable: false, subject: 'list' },
	// A merge: sending the same values twice leaves the same item.
	updateListItem: { repeatable: true, subject: 'item' },
	deleteListItem: { repeatable: false, subject: 'item' },
} as const satisfies Record<string, ApiMethodInfo>;

export type ApiMethodName = keyof typeof API_METHODS;
