/** Options loaded from the API: the fields of the chosen list (Delete Field), the accounts of a contact. */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { apiRequest, type ApiResult } from '../transport';
import { getListSchema } from '../actions/list/get.operation';
import { accountOption, accountsOfContact, UI_MAX_WAIT_SECONDS } from './shared';

export async function getListFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const schemaId = String(this.getNodeParameter('list', undefined, { extractValue: true }) ?? '').trim();
	if (schemaId === '') return [];
	const { body } = (await apiRequest.call(
		this,
		getListSchema,
		{ schema_id: schemaId },
		{ maxWaitSeconds: UI_MAX_WAIT_SECONDS },
	)) as ApiResult<{
		data?: { fields?: Record<string, IDataObject> };
	}>;
	// Kept in the list's own field order, which is meaningful (spec §2.2).
	return Object.entries(body.data?.fields ?? {}).map(([slug, field]) => ({
		name: `${String(field.name ?? slug)} (${slug})`,
		value: slug,
		description: typeof field.type === 'string' ? `Type: ${field.type}` : undefined,
	}));
}

/** The accounts of the Contact ID entered, by currency, labelled with the balance: "EUR - balance 12.50 EUR". */
export async function getContactAccounts(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const raw = String(this.getCurrentNodeParameter('contactId') ?? '').trim();
	// Nothing to list yet, or an expression that only has a value when the workflow runs.
	if (raw === '' || raw.startsWith('=')) return [];
	if (!/^\d+$/.test(raw) || Number(raw) < 1) {
		throw new NodeOperationError(this.getNode(), `Contact ID must be a positive whole number to list its accounts, got "${raw}"`);
	}
	const accounts = await accountsOfContact.call(this, Number(raw));
	return accounts.map((account) => ({ ...accountOption(account), value: String(account.currency) }));
}
