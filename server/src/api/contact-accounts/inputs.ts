/** Parameters shared by the contact account methods. Only plain values pass, so operator objects never reach a query. */
import { z } from 'zod';
import { isActiveCurrency } from '../../domain/currency';
import { MAX_OPERATION_AMOUNT, MIN_OPERATION_AMOUNT } from '../../domain/contact-accounts/limits';
import { integer, ruleParams, text } from '../../http/validation';
import { currencyRule } from './messages';

export const contactIdInput = integer({ min: 1 });

export const accountIdInput = integer({ min: 1 });

export const currencyInput = z.string().refine(isActiveCurrency, ruleParams(currencyRule));

/** §4.12, §8: one top-up or debit is 1 to 10^14 minor units, with a description of up to 255 characters. */
export const fundsInput = z.object({
	account_id: accountIdInput,
	amount: integer({ min: MIN_OPERATION_AMOUNT, max: MAX_OPERATION_AMOUNT }),
	description: text(255),
});
