/**
 * What Add Funds and Withdraw Funds (spec §4.12, §4.13) share: their fields, the amount, the call. Both take an
 * amount in minor units. With "Major Units" the node needs the account's currency, which the funds methods do not
 * return beforehand: it reads the contact's accounts (a repeatable read) and converts with that currency, so
 * "150.25" can never be scaled by a wrong currency. An account chosen by contact and currency (version 2, or by
 * currency in version 3) is known from that same read. The funds call itself is sent once; only a 429 (refused
 * before any change) is retried.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { apiRequest, dataOf, type ApiMethod } from '../../transport';
import { callOptions, idParameter, nodeVersion, textParameter } from '../../helpers/parameters';
import { forOperation, inVersion1, inVersions, perVersion } from '../../helpers/display-options';
import { checkMinorAmount, majorToMinor, MoneyError } from '../../helpers/money';
import { requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import {
	accountFields,
	accountIdField,
	chosenAccount,
	contactAccounts,
	contactIdField,
	contactIdTextField,
	type ContactAccount,
} from './common';

type AmountUnit = 'major' | 'minor';
type Verb = 'add' | 'withdraw';

function amountProperties(verb: Verb, version: number): INodeProperties[] {
	// People think in major units; version 1 keeps the API's unit it was saved with.
	const defaultUnit: AmountUnit = version === 1 ? 'minor' : 'major';
	return [
		{
			displayName: 'Amount Unit',
			name: 'amountUnit',
			type: 'options',
			options: [
				{
					name: 'Major Units (e.g. Dollars)',
					value: 'major',
					description: 'Enter 150.25 for 150.25 USD. The node looks up the account’s currency to convert exactly.',
				},
				{
					name: 'Minor Units (e.g. Cents)',
					value: 'minor',
					description: 'Enter 15025 for 150.25 USD, or 1500 for 1500 JPY (a currency without decimals)',
				},
			],
			default: defaultUnit,
			description:
				'How the amount is written. The API counts in minor units: cents, or whole units for currencies without decimals.',
		},
		{
			displayName: 'Amount',
			name: 'amount',
			type: 'number',
			default: 0,
			required: true,
			typeOptions: { minValue: 1 },
			displayOptions: { show: { amountUnit: ['minor'] } },
			description: `Whole number of minor units to ${verb}, from 1 to 100,000,000,000,000`,
		},
		{
			displayName: 'Amount',
			name: 'amountMajor',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 150.25',
			displayOptions: { show: { amountUnit: ['major'] } },
			hint: 'Use a dot for decimals; no more decimals than the currency has (ISO 4217)',
			description: `Amount to ${verb} in the account’s currency, e.g. 150.25 for USD, 1500 for JPY, 1.250 for KWD`,
		},
	];
}

/** In major units an account given by ID needs its contact, to look up the currency. */
const contactForCurrency = (contactId: INodeProperties, show: IDataObject): INodeProperties => ({
	...contactId,
	displayOptions: { show: { ...show, amountUnit: ['major'] } },
	hint: 'Needed to look up the account’s currency',
	description: 'Numeric ID of the contact the account belongs to. The node reads its accounts to learn the currency.',
});

function fundsProperties(verb: Verb): INodeProperties[] {
	const description: INodeProperties = {
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		required: true,
		placeholder: verb === 'add' ? 'e.g. Bonus for the review' : 'e.g. Payment for order 1042',
		description: `${verb === 'add' ? 'Why the funds are added' : 'What the debit is for'}. Shown in the account journal; up to 255 characters.`,
	};
	return [
		...accountFields([accountIdField]),
		...perVersion(amountProperties(verb, 1), amountProperties(verb, 2)),
		// Versions 1 and 2 name an account by ID without its contact, which major units need for the currency.
		...inVersion1([contactForCurrency(contactIdField, {})]),
		...inVersions([2], [contactForCurrency(contactIdTextField, { accountBy: ['id'] })]),
		description,
		requestOptions,
	];
}

/** Runs a money conversion; its failures (MoneyError) become an item error before anything was sent. */
function convert(this: IExecuteFunctions, itemIndex: number, compute: () => number): number {
	try {
		return compute();
	} catch (error) {
		const message = error instanceof MoneyError ? error.message : (error as Error).message;
		throw new NodeOperationError(this.getNode(), message, { itemIndex, description: 'Nothing was changed.' });
	}
}

/** The account of `accountId` among its contact's accounts, read to learn its currency. */
async function lookedUpAccount(this: IExecuteFunctions, itemIndex: number, accountId: number): Promise<ContactAccount> {
	const contactId = idParameter.call(this, 'contactId', itemIndex, 'Contact ID');
	const account = (await contactAccounts.call(this, contactId, itemIndex)).find(
		(candidate) => Number(candidate.id) === accountId,
	);
	if (!account) {
		throw new NodeOperationError(this.getNode(), `Account ${accountId} is not an account of contact ${contactId}`, {
			itemIndex,
			description: 'Check the Account ID and the Contact ID. Nothing was changed.',
		});
	}
	return account;
}

/** The amount in minor units; in major units with the currency of the account (looked up when not yet known). */
async function minorAmount(
	this: IExecuteFunctions,
	itemIndex: number,
	accountId: number,
	known: ContactAccount | undefined,
): Promise<number> {
	const unit = this.getNodeParameter('amountUnit', itemIndex) as AmountUnit;
	if (unit !== 'major') {
		const amount = this.getNodeParameter('amount', itemIndex);
		return convert.call(this, itemIndex, () => checkMinorAmount(amount));
	}
	const entered = this.getNodeParameter('amountMajor', itemIndex) as string | number;
	const account = known ?? (await lookedUpAccount.call(this, itemIndex, accountId));
	return convert.call(this, itemIndex, () => majorToMinor(entered, String(account.currency)));
}

export function fundsOperation(verb: Verb, method: ApiMethod, operation: string, readmeNote: string): BotPlatformOperation {
	async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
		const { accountId, account } =
			nodeVersion.call(this) === 1
				? { accountId: idParameter.call(this, 'accountId', itemIndex, 'Account ID'), account: undefined }
				: await chosenAccount.call(this, itemIndex);
		const amount = await minorAmount.call(this, itemIndex, accountId, account);
		const description = textParameter.call(this, 'description', itemIndex, 'Description');
		const { body } = await apiRequest.call(
			this,
			method,
			{ account_id: accountId, amount, description },
			callOptions.call(this, itemIndex),
		);
		return dataOf(body);
	}
	return { method, readmeNote, description: forOperation('contactAccount', operation, fundsProperties(verb)), execute };
}
