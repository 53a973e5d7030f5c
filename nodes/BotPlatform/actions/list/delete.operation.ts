/** List → Delete: `deleteListSchema`; the list and all its records are deleted. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest, type ApiMethod } from '../../transport';
import { callOptions, listIdParameter, nodeVersion } from '../../helpers/parameters';
import { forOperation } from '../../helpers/display-options';
import { listLocator, requestOptions } from '../common.descriptions';
import type { BotPlatformOperation } from '../node.type';

export const deleteListSchema: ApiMethod = { name: 'deleteListSchema', repeatable: false, subject: 'list' };

const properties: INodeProperties[] = [
	{ ...listLocator, hint: 'The list and all its records are deleted for good' },
	requestOptions,
];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const schemaId = listIdParameter.call(this, itemIndex);
	await apiRequest.call(this, deleteListSchema, { schema_id: schemaId }, callOptions.call(this, itemIndex));
	// From version 3 a delete answers as n8n's guidelines ask; earlier versions keep their answer.
	if (nodeVersion.call(this) >= 3) return { deleted: true };
	return { success: true, schema_id: schemaId };
}

export const deleteList: BotPlatformOperation = {
	method: deleteListSchema,
	readmeNote: 'Deletes the list and all its records. Returns `{deleted: true}` (version 2: `{success, schema_id}`).',
	description: forOperation('list', 'delete', properties),
	execute,
};
