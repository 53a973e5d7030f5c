/**
 * The newest contact (highest ID) in two requests: `getNumberOfContacts`, then `getContacts` at offset
 * count − 1 (IDs ascend, spec §4.14). Contacts created or deleted between the two calls change the total; the
 * second answer's `meta.total` then says where the end is now, and the read is repeated there.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { apiRequest, type ApiResult, type ContactFilters } from '../transport';
import { getNumberOfContacts } from '../actions/contact/count.operation';
import { getContacts } from '../actions/contact/getAll.operation';
import { serverSeconds } from './clock';

const MAX_ATTEMPTS = 3;

export interface NewestContact {
	contact: IDataObject | undefined;
	/** The server's clock at the first response, from its `Date` header. */
	serverNow: number | undefined;
}

interface OffsetPage {
	data?: IDataObject[];
	meta?: { total?: number };
}

export async function newestContact(this: IPollFunctions, filters: ContactFilters): Promise<NewestContact> {
	const counted = (await apiRequest.call(this, getNumberOfContacts, { ...filters })) as ApiResult<{ count?: number }>;
	const serverNow = serverSeconds(counted.headers);
	let total = typeof counted.body?.count === 'number' ? counted.body.count : 0;
	let contact: IDataObject | undefined;
	for (let attempt = 0; attempt < MAX_ATTEMPTS && total > 0; attempt++) {
		const offset = total - 1;
		const { body } = (await apiRequest.call(this, getContacts, { ...filters, offset, limit: 1 })) as ApiResult<OffsetPage>;
		contact = Array.isArray(body?.data) ? body.data[0] : undefined;
		const now = typeof body?.meta?.total === 'number' ? body.meta.total : total;
		if (contact !== undefined && now === total) break;
		total = now;
	}
	return { contact, serverNow };
}
