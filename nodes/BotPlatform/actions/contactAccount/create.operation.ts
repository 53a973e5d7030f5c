/** Contact Account → Create: `addContactAccount`, a new account with balance 0 in one currency (spec §4.10). */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest, dataOf, type ApiMethod } from '../../transport';
import { callOptions, idParameter, textParameter } from '../../helpers/parameters';
import { currencyOptions } from '../../helpers/currencies';
import { forOperation, perVersion } from '../../helpers/display-options';
import { requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { contactIdFields } from './common';

export const addContactAccount: ApiMethod = { name: 'addContactAccount', repeatable: false, subject: 'contact' };

const CURRENCY_DESCRIPTION =
	'Three-letter ISO 4217 code, such as USD, EUR or JPY. A contact has at most one account per currency.';

const properties: INodeProperties[] = [
	...contactIdFields,
	...perVersion(
		[
			{
				displayName: 'Currency',
				name: 'currency',
				type: 'string',
				default: '',
				required: true,
				placeholder: 'e.g. USD',
				description: CURRENCY_DESCRIPTION,
			},
		],
		[
			{
				displayName: 'Currency',
				name: 'currency',
				type: 'options',
				options: currencyOptions,
				default: '',
				required: true,
				hint: 'Choose or type the code; an expression gives the code, e.g. EUR',
				description: CURRENCY_DESCRIPTION,
			},
		],
	),
	requestOptions,
];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const params = {
		contact_id: idParameter.call(this, 'contactId', itemIndex, 'Contact ID'),
		// The API wants capital letters (spec §4.10); "usd" is what people often type.
		currency: textParameter.call(this, 'currency', itemIndex, 'Currency').toUpperCase(),
	};
	const { body } = await apiRequest.call(this, addContactAccount, params, callOptions.call(this, itemIndex));
	return dataOf(body);
}

export const create: BotPlatformOperation = {
	method: addContactAccount,
	readmeNote: 'Opens a balance of 0 in a currency, chosen from the ISO 4217 codes (or an expression giving one).',
	description: forOperation('contactAccount', 'create', properties),
	execute,
};
