/** User → Get Current: `getMe`, the user the API key belongs to (spec §5.5). */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { apiRequest, dataOf, type ApiMethod } from '../../transport';
import { callOptions } from '../../helpers/parameters';
import { withDisplayOptions } from '../../helpers/display-options';
import { requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';

export const getMe: ApiMethod = { name: 'getMe', repeatable: true, subject: 'none' };

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { body } = await apiRequest.call(this, getMe, {}, callOptions.call(this, itemIndex));
	return dataOf(body);
}

export const getCurrent: BotPlatformOperation = {
	method: getMe,
	readmeNote: 'The user the API key belongs to (versions 1 to 3 call the resource `account`; saved workflows keep it).',
	// Its resource is added by User.resource.ts: `user`, or `account` in versions 1 to 3.
	description: withDisplayOptions({ show: { operation: ['getCurrent'] } }, [requestOptions]),
	execute,
};
