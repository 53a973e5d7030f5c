/** Parameters of the contact account methods (§4.9 to §4.13). Only plain values pass, so operator objects never reach a query. */
import { z } from 'zod';
import { MAX_OPERATION_AMOUNT, MIN_OPERATION_AMOUNT } from '../../domain/contact-accounts/limits';
import { isActiveCurrency } from '../../domain/currency';
import { integer, ruleParams, text } from '../../http/validation';
import { currencyRule } from './messages';

const contactId = () => integer({ min: 1 });

const accountId = () => integer({ min: 1 });

/** §4.9 */
export const getContactAccountsInput = z.object({ contact_id: contactId() });

/** §4.10: an ISO 4217 code in capital letters. */
export const addContactAccountInput = z.object({
	contact_id: contactId(),
	currency: z.string().refine(isActiveCurrency, ruleParams(currencyRule)),
});

/** §4.11 */
export const deleteContactAccountInput = z.object({ account_id: accountId() });

/** §4.12, §4.13, §8: one top-up or debit is 1 to 10^14 minor units, with a description of up to 255 characters. */
export const fundsInput = z.object({
	account_id: accountId(),
	amount: integer({ min: MIN_OPERATION_AMOUNT, max: MAX_OPERATION_AMOUNT }),
	description: text(255),
});
