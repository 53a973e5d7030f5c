/**
 * What the contact account methods' parameters (§4.9 to §4.13) share; each method declares its own in its file, and
 * the two that move money share theirs. Only plain values pass, so operator objects never reach a query.
 */
import { z } from 'zod';
import { MAX_OPERATION_AMOUNT, MIN_OPERATION_AMOUNT } from '../../domain/contact-accounts/limits';
import { isActiveCurrency } from '../../domain/currency';
import { integer, ruleParams, text } from '../kit/validation';
import { currencyCodeMeta } from '../currency-code';
import { currencyRule } from './messages';

export const contactId = () => integer({ min: 1 }).meta({ description: 'The contact ID.' });

export const accountId = () => integer({ min: 1 }).meta({ description: 'The account ID (`id` of the account).' });

/** §4.10: an ISO 4217 code in capital letters. */
export const currency = () => z.string().refine(isActiveCurrency, ruleParams(currencyRule)).meta(currencyCodeMeta);

/** §4.12, §4.13, §8: one top-up or debit is 1 to 10^14 minor units, with a description of up to 255 characters. */
export const fundsInput = z.object({
	account_id: accountId(),
	amount: integer({ min: MIN_OPERATION_AMOUNT, max: MAX_OPERATION_AMOUNT }).meta({
		description: "Minor units of the account's currency (cents): 15000 on a USD account is 150 dollars.",
	}),
	description: text(255).meta({ description: "What the operation is for; goes to the account's journal." }),
});
