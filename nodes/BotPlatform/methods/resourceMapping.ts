/** The fields of the chosen list for List Item's resource mapper (Add and Update), as the editor loads them. */
import type { ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';
import { fieldsOfList, toMapperFields } from '../helpers/list-fields';
import { getListSchema } from '../actions/list/get.operation';
import { UI_MAX_WAIT_SECONDS } from './shared';

export async function getListItemFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const schemaId = String(this.getNodeParameter('list', undefined, { extractValue: true }) ?? '').trim();
	if (schemaId === '') return { fields: [], emptyFieldsNotice: 'Choose a list to map its fields' };
	// A missing or someone else's list throws the transport's NodeApiError ("List not found: check the List ID"),
	// which the editor shows in place of the fields.
	const listFields = await fieldsOfList.call(this, getListSchema, schemaId, { maxWaitSeconds: UI_MAX_WAIT_SECONDS });
	// Update merges the fields given (§12.6), so none is required there.
	const fields = toMapperFields(listFields, this.getNodeParameter('operation', undefined) === 'add');
	return { fields, ...(fields.length === 0 && { emptyFieldsNotice: 'This list has no fields yet' }) };
}
