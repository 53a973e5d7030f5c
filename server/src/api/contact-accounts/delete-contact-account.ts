/** deleteContactAccount (§4.11): deletes an empty account; 204 with no body. */
import { z } from 'zod';
import { noContent, POST_ONLY, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';
import { accountIdInput } from './inputs';
import { removeContactAccount } from './service';

const input = z.object({ account_id: accountIdInput });

export const deleteContactAccount: ApiMethod = {
	name: 'deleteContactAccount',
	verbs: POST_ONLY,
	async handle(ctx) {
		const { account_id } = validate(input, ctx.params, ctx.lang);
		await removeContactAccount(ctx, account_id);
		return noContent();
	},
};
