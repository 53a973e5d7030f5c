/** Options loaded from the API: the fields of the chosen list, for Delete Field. */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { apiRequest, type ApiResult } from '../transport';

export async function getListFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const schemaId = String(this.getNodeParameter('list', undefined, { extractValue: true }) ?? '').trim();
	if (schemaId === '') return [];
	const { body } = (await apiRequest.call(this, 'getListSchema', { schema_id: schemaId }, { maxWaitSeconds: 10 })) as ApiResult<{
		data?: { fields?: Record<string, IDataObject> };
	}>;
	// Kept in the list's own field order, which is meaningful (spec §2.2).
	return Object.entries(body.data?.fields ?? {}).map(([slug, field]) => ({
		name: `${String(field.name ?? slug)} (${slug})`,
		value: slug,
		description: typeof field.type === 'string' ? `Type: ${field.type}` : undefined,
	}));
}
