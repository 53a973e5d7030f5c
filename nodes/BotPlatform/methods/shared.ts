/** What the editor's dropdowns and pickers share: a short wait budget, and the contact accounts as options. */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { apiRequest, type ApiResult } from '../transport';
import { getContactAccounts } from '../actions/contactAccount/common';

/** The editor waits for these; a rate limit is not worth waiting long for. */
export const UI_MAX_WAIT_SECONDS = 10;

/** The accounts of a contact, for a dropdown or a picker. */
export async function accountsOfContact(this: ILoadOptionsFunctions, contactId: number): Promise<IDataObject[]> {
	const { body } = (await apiRequest.call(
		this,
		getContactAccounts,
		{ contact_id: contactId },
		{ maxWaitSeconds: UI_MAX_WAIT_SECONDS },
	)) as ApiResult<{ data?: IDataObject[] }>;
	return body.data ?? [];
}

/** A contact account as the editor lists it: "EUR - balance 12.50 EUR", its ID, and whether it is blocked. */
export function accountOption(account: IDataObject): INodePropertyOptions {
	const currency = String(account.currency);
	const balance = typeof account.amount_note === 'string' ? account.amount_note : `${String(account.amount)} minor units`;
	return {
		name: `${currency} - balance ${balance}`,
		value: String(account.id),
		description: `Contact account ID ${String(account.id)}${account.blocked_at ? ', blocked: it can be topped up but not debited' : ''}`,
	};
}
