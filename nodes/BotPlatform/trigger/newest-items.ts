/**
 * The newest items of a list, newest first, in one request (`created_at,desc`, spec §12.4), with the list's size:
 * what a first poll seeds the cursor with, and what "Fetch Test Event" shows.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { apiRequest, type ApiResult } from '../transport';
import { getListItems } from '../actions/listItem/getAll.operation';
import { serverSeconds } from './clock';

export interface NewestItems {
	items: IDataObject[];
	/** How many items the list has. */
	total: number;
	/** The server's clock, from its `Date` header. */
	serverNow: number | undefined;
}

export async function newestItems(this: IPollFunctions, listId: string, limit: number): Promise<NewestItems> {
	const { body, headers } = (await apiRequest.call(this, getListItems, {
		schema_id: listId,
		order_by: 'created_at,desc',
		page: 1,
		limit,
	})) as ApiResult<{ data?: IDataObject[]; meta?: { total?: number } }>;
	const items = Array.isArray(body?.data) ? body.data : [];
	const total = typeof body?.meta?.total === 'number' ? body.meta.total : items.length;
	return { items, total, serverNow: serverSeconds(headers) };
}
