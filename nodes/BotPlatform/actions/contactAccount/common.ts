/**
 * How the contact-account operations name a contact and an account. Version 1: numeric IDs that start at 0.
 * From version 2: IDs start empty, and Add Funds, Withdraw Funds and Delete find the account either by its ID or
 * by the contact and the currency (a contact has at most one account per currency, spec §2.3).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { apiRequest, dataOf } from '../../transport';
import { callOptions, idParameter } from '../../helpers/parameters';
import { fromVersion2, inVersion1 } from '../../helpers/display-options';
import { idField } from '../common.descriptions';

const CONTACT_ID_DESCRIPTION = 'Numeric ID of the contact, e.g. from the output of Contact → Get Many';
const ACCOUNT_ID_DESCRIPTION = 'Numeric ID of the contact account, e.g. from the output of Contact Account → Get Many';

export const contactIdField: INodeProperties = {
	displayName: 'Contact ID',
	name: 'contactId',
	type: 'number',
	default: 0,
	required: true,
	typeOptions: { minValue: 1 },
	description: CONTACT_ID_DESCRIPTION,
};

export const accountIdField: INodeProperties = {
	displayName: 'Account ID',
	name: 'accountId',
	type: 'number',
	default: 0,
	required: true,
	typeOptions: { minValue: 1 },
	description: ACCOUNT_ID_DESCRIPTION,
};

export const contactIdTextField = idField('Contact ID', 'contactId', CONTACT_ID_DESCRIPTION);

/** The Contact ID of the operation in each version. */
export const contactIdFields: INodeProperties[] = [...inVersion1([contactIdField]), ...fromVersion2([contactIdTextField])];

export type AccountBy = 'contactAndCurrency' | 'id';

/** From version 2: the account by its ID, or by contact and currency with a dropdown of the contact's accounts. */
export const accountProperties: INodeProperties[] = [
	{
		displayName: 'Account',
		name: 'accountBy',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'By Contact and Currency',
				value: 'contactAndCurrency',
				description: 'The contact’s account in one currency, e.g. the EUR account of contact 1042',
			},
			{ name: 'By ID', value: 'id', description: 'The account’s own ID, e.g. from Contact Account → Get Many' },
		],
		default: 'contactAndCurrency',
		description: 'How to find the contact account',
	},
	{ ...contactIdTextField, displayOptions: { show: { accountBy: ['contactAndCurrency'] } } },
	{
		displayName: 'Currency Name or ID',
		name: 'currency',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getContactAccounts', loadOptionsDependsOn: ['contactId'] },
		default: '',
		required: true,
		displayOptions: { show: { accountBy: ['contactAndCurrency'] } },
		hint: 'The contact’s accounts, with their balances. An expression gives the code, e.g. EUR.',
		description:
			'The currency of the contact’s account, a three-letter ISO 4217 code. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		...idField('Account ID', 'accountId', ACCOUNT_ID_DESCRIPTION),
		displayOptions: { show: { accountBy: ['id'] } },
	},
];

export interface ContactAccount extends IDataObject {
	id: number;
	currency: string;
}

/** The contact's accounts (a repeatable read, so it may be retried before any money moves). */
export async function contactAccounts(this: IExecuteFunctions, contactId: number, itemIndex: number): Promise<ContactAccount[]> {
	const { body } = await apiRequest.call(
		this,
		'getContactAccounts',
		{ contact_id: contactId },
		callOptions.call(this, itemIndex),
	);
	return dataOf<ContactAccount[]>(body) ?? [];
}

/** A currency code from the dropdown or an expression: three letters, in capitals. */
function currencyParameter(this: IExecuteFunctions, itemIndex: number): string {
	const raw = String(this.getNodeParameter('currency', itemIndex) ?? '').trim();
	if (!/^[A-Za-z]{3}$/.test(raw)) {
		throw new NodeOperationError(this.getNode(), `Currency must be a three-letter ISO 4217 code such as EUR, got "${raw}"`, {
			itemIndex,
		});
	}
	return raw.toUpperCase();
}

/**
 * The account chosen in version 2, with its currency when it was looked up. By contact and currency that takes one
 * read of the contact's accounts; by ID nothing is read here.
 */
export async function chosenAccount(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<{ accountId: number; account?: ContactAccount }> {
	const accountBy = this.getNodeParameter('accountBy', itemIndex) as AccountBy;
	if (accountBy === 'id') return { accountId: idParameter.call(this, 'accountId', itemIndex, 'Account ID') };
	const contactId = idParameter.call(this, 'contactId', itemIndex, 'Contact ID');
	const currency = currencyParameter.call(this, itemIndex);
	const accounts = await contactAccounts.call(this, contactId, itemIndex);
	const account = accounts.find((candidate) => String(candidate.currency).toUpperCase() === currency);
	if (!account) {
		const existing = accounts.map((candidate) => candidate.currency).join(', ');
		throw new NodeOperationError(this.getNode(), `Contact ${contactId} has no ${currency} account`, {
			itemIndex,
			description: `${existing ? `Its accounts: ${existing}.` : 'It has no accounts.'} Open one with Contact Account → Create. Nothing was changed.`,
		});
	}
	return { accountId: Number(account.id), account };
}
