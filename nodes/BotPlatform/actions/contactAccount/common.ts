/**
 * How the contact-account operations name a contact and an account. Version 1: numeric IDs that start at 0.
 * Version 2: IDs start empty, and Add Funds, Withdraw Funds and Delete find the account either by its ID or
 * by the contact and the currency (a contact has at most one account per currency, spec §2.3). From version 3:
 * pickers, the contact from a list, then one of its accounts from a list, by ID or by currency.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { apiRequest, dataOf, type ApiMethod } from '../../transport';
import { callOptions, idParameter, nodeVersion } from '../../helpers/parameters';
import { perVersion3 } from '../../helpers/display-options';
import { accountLocator, contactLocator, idField } from '../common.descriptions';

/** Get Many's method; the other operations call it too, through `contactAccounts`. */
export const getContactAccounts: ApiMethod = { name: 'getContactAccounts', repeatable: true, subject: 'contact' };

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
	displayName: 'Contact Account ID',
	name: 'accountId',
	type: 'number',
	default: 0,
	required: true,
	typeOptions: { minValue: 1 },
	description: ACCOUNT_ID_DESCRIPTION,
};

export const contactIdTextField = idField('Contact ID', 'contactId', CONTACT_ID_DESCRIPTION);

/** The contact of the operation in each version. */
export const contactIdFields: INodeProperties[] = perVersion3([contactIdField], [contactIdTextField], [contactLocator]);

export type AccountBy = 'contactAndCurrency' | 'id';

/**
 * The account of Add Funds, Withdraw Funds and Delete in each version: its ID (1); by ID, or by contact and
 * currency with a dropdown of the contact's accounts (2); the contact and account pickers (3). `hint` goes on the
 * account's field.
 */
export function accountFields(version1: INodeProperties[], hint?: string): INodeProperties[] {
	const withHint = (property: INodeProperties) => (hint ? { ...property, hint } : property);
	return perVersion3(
		version1,
		version2AccountProperties.map((property) => (property.name === 'accountBy' ? withHint(property) : property)),
		[contactLocator, withHint(accountLocator)],
	);
}

/** Version 2: the account by its ID, or by contact and currency with a dropdown of the contact's accounts. */
const version2AccountProperties: INodeProperties[] = [
	{
		displayName: 'Contact Account',
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
		...idField('Contact Account ID', 'accountId', ACCOUNT_ID_DESCRIPTION),
		displayOptions: { show: { accountBy: ['id'] } },
	},
];

export interface ContactAccount extends IDataObject {
	id: number;
	currency: string;
}

/** The contact's accounts (a repeatable read, so it may be retried before any money moves). */
export async function contactAccounts(this: IExecuteFunctions, contactId: number, itemIndex: number): Promise<ContactAccount[]> {
	const { body } = await apiRequest.call(this, getContactAccounts, { contact_id: contactId }, callOptions.call(this, itemIndex));
	return dataOf<ContactAccount[]>(body) ?? [];
}

/** A currency code from the dropdown, the picker or an expression: three letters, in capitals. */
function currencyCode(this: IExecuteFunctions, value: unknown, itemIndex: number): string {
	const raw = String(value ?? '').trim();
	if (!/^[A-Za-z]{3}$/.test(raw)) {
		throw new NodeOperationError(this.getNode(), `Currency must be a three-letter ISO 4217 code such as EUR, got "${raw}"`, {
			itemIndex,
		});
	}
	return raw.toUpperCase();
}

/**
 * The account chosen from version 2, with its currency when it was looked up. By contact and currency that takes
 * one read of the contact's accounts; by ID (or from the picker's list, whose values are IDs) nothing is read here.
 */
export async function chosenAccount(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<{ accountId: number; account?: ContactAccount }> {
	if (nodeVersion.call(this) >= 3) {
		const { mode, value } = this.getNodeParameter('account', itemIndex) as { mode: string; value: unknown };
		if (mode === 'currency') return await accountInCurrency.call(this, itemIndex, currencyCode.call(this, value, itemIndex));
		if (!/^\s*\d+\s*$/.test(String(value ?? '')) || Number(value) < 1) {
			throw new NodeOperationError(
				this.getNode(),
				`Contact Account must be a positive whole number, got "${String(value ?? '')}"`,
				{
					itemIndex,
				},
			);
		}
		return { accountId: Number(value) };
	}
	const accountBy = this.getNodeParameter('accountBy', itemIndex) as AccountBy;
	if (accountBy === 'id') return { accountId: idParameter.call(this, 'accountId', itemIndex, 'Account ID') };
	return await accountInCurrency.call(
		this,
		itemIndex,
		currencyCode.call(this, this.getNodeParameter('currency', itemIndex), itemIndex),
	);
}

/** The chosen contact's account in `currency`, from one read of its accounts. */
async function accountInCurrency(
	this: IExecuteFunctions,
	itemIndex: number,
	currency: string,
): Promise<{ accountId: number; account: ContactAccount }> {
	const contactId = idParameter.call(this, 'contactId', itemIndex, 'Contact ID');
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
