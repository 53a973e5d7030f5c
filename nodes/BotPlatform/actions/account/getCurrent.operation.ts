/** Account → Get Current: `getMe`, the account the API key belongs to (spec §5.5). */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { callApi, dataOf } from '../../helpers/call';
import { forOperation } from '../../helpers/display-options';
import { requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { body } = await callApi.call(this, 'getMe', {}, itemIndex);
	return dataOf(body);
}

export const getCurrent: BotPlatformOperation = {
	method: 'getMe',
	description: forOperation('account', 'getCurrent', [requestOptions]),
	execute,
};
