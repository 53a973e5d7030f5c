import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

/** A contact account as the editor lists it: "EUR - balance 12.50 EUR", its ID, and whether it is blocked. */
export function accountOption(account: IDataObject): INodePropertyOptions {
	const currency = String(account.currency);
	const balance = typeof account.amount_note === 'string' ? account.amount_note : `${String(account.amount)} minor units`;
	return {
		name: `${currency} - balance ${balance}`,
		value: String(account.id),
		description: `Account ID ${String(account.id)}${account.blocked_at ? ', blocked: it can be topped up but not debited' : ''}`,
	};
}
