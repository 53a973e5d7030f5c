/** Tag → Get Many: `getBotTags`, the names of a bot's tags, one item each (spec §10.3). */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest, dataOf, type ApiMethod } from '../../transport';
import { callOptions, idParameter } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import { requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';
import { botFields, tagItems } from './common';

export const getBotTags: ApiMethod = { name: 'getBotTags', repeatable: true, subject: 'bot' };

const properties: INodeProperties[] = [...botFields, requestOptions];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const botId = idParameter.call(this, 'botId', itemIndex, 'Bot ID');
	const { body } = await apiRequest.call(this, getBotTags, { bot_id: botId }, callOptions.call(this, itemIndex));
	return tagItems(dataOf(body));
}

export const getAll: BotPlatformOperation = {
	method: getBotTags,
	readmeNote: "The names of a bot's tags, one item `{name}` each, in the order they were made.",
	description: forOperation('tag', 'getAll', properties),
	execute,
};
