import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { apiRequest, dataOf } from '../../transport';
import { callOptions } from '../../helpers/parameters';
import { getListSchema } from './get.operation';

/**
 * The list as it is after Add Field or Delete Field (from version 2). Those methods answer 204 without a body, so
 * this is one more request, a read: if it fails, the change itself was made and the error says so.
 */
export async function listAfterChange(this: IExecuteFunctions, schemaId: string, itemIndex: number): Promise<IDataObject> {
	try {
		const { body } = await apiRequest.call(this, getListSchema, { schema_id: schemaId }, callOptions.call(this, itemIndex));
		return dataOf(body);
	} catch (error) {
		const failed = error as Error & { description?: string | null };
		failed.description = [failed.description, 'The field change itself was made; only reading the list afterwards failed.']
			.filter(Boolean)
			.join('\n');
		throw failed;
	}
}
