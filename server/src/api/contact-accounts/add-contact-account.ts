/** addContactAccount (§4.10) and its alias createContactAccount (§9): opens an empty account in a currency. */
import { z } from 'zod';
import { created, POST_ONLY, type ApiMethod, type MethodContext } from '../../http/api-method';
import { validate } from '../../http/validation';
import { contactIdInput, currencyInput } from './inputs';
import { presentAccount } from './presenter';
import { openContactAccount } from './service';

const input = z.object({ contact_id: contactIdInput, currency: currencyInput });

async function handle(ctx: MethodContext) {
	const { contact_id, currency } = validate(input, ctx.params, ctx.lang);
	const account = await openContactAccount(ctx, contact_id, currency);
	return created({ data: presentAccount(account) });
}

export const addContactAccount: ApiMethod = { name: 'addContactAccount', verbs: POST_ONLY, handle };

export const createContactAccount: ApiMethod = { name: 'createContactAccount', verbs: POST_ONLY, handle };
