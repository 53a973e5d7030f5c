/**
 * Reading many records: contacts in offset mode (spec §4.14), lists (§4.3) and list items (§12.4) page by page.
 * All are generators, so callers (the node's Get Many, list search, the trigger) stop when they have enough. Each
 * takes the declaration of the method it pages through from its caller (`getContacts`, `getListSchemas`,
 * `getListItems`, declared by the operations that call them).
 */
import type { IDataObject } from 'n8n-workflow';
import type { ApiMethod } from './methods';
import { apiRequest, type ApiCallOptions, type ApiResult, type BotPlatformContext } from './request';

/** The largest offset-mode batch the API allows. */
export const CONTACTS_MAX_BATCH = 1000;

export interface ContactFilters {
	bot_id?: number;
	/** Unix seconds, inclusive. */
	date_from?: number;
	/** Unix seconds, inclusive. */
	date_to?: number;
}

export interface ContactExportOptions extends ApiCallOptions {
	/** Stop after this many contacts; undefined reads them all. */
	limit?: number;
	/** "Now" in Unix seconds, for tests; defaults to the clock. */
	nowSeconds?: number;
}

interface OffsetPage {
	data?: IDataObject[];
	meta?: { total?: number };
}

/**
 * Contacts in ascending id order, in batches of at most 1000. `date_to` is pinned to the start of the export
 * (or the caller's earlier `date_to`), so contacts created meanwhile neither extend nor shift the export.
 * Each request asks only for what is still wanted: a limit of 2500 asks 1000, 1000, 500.
 */
export async function* contactBatches(
	this: BotPlatformContext,
	method: ApiMethod,
	filters: ContactFilters,
	options: ContactExportOptions = {},
): AsyncGenerator<IDataObject[]> {
	const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
	const query: IDataObject = { ...filters, date_to: Math.min(filters.date_to ?? now, now) };
	let remaining = options.limit ?? Number.POSITIVE_INFINITY;
	let offset = 0;
	while (remaining > 0) {
		const limit = Math.min(CONTACTS_MAX_BATCH, remaining);
		const { body } = (await apiRequest.call(this, method, { ...query, offset, limit }, options)) as ApiResult<OffsetPage>;
		const batch = (Array.isArray(body?.data) ? body.data : []).slice(0, limit);
		if (batch.length > 0) yield batch;
		remaining -= batch.length;
		offset += batch.length;
		const total = body?.meta?.total;
		if (batch.length < limit || (typeof total === 'number' && offset >= total)) return;
	}
}

interface PageEnvelope {
	data?: IDataObject[];
	links?: { next?: string | null };
	meta?: { current_page?: number; last_page?: number };
}

export interface ListPage {
	lists: IDataObject[];
	page: number;
	/** Undefined on the last page. */
	nextPage: number | undefined;
}

/** The page after `page`, from `links.next`, else from `meta.last_page`. */
export function nextPageNumber(envelope: PageEnvelope, page: number): number | undefined {
	const next = envelope.links?.next;
	if (typeof next === 'string' && next !== '') {
		const match = /[?&]page=(\d+)/.exec(next);
		const number = match ? Number(match[1]) : page + 1;
		return number > page ? number : undefined;
	}
	if (next === null) return undefined;
	const last = envelope.meta?.last_page;
	return typeof last === 'number' && page < last ? page + 1 : undefined;
}

/** Lists of every project of the key holder, 50 per page (the API's fixed size). */
export async function* listSchemaPages(
	this: BotPlatformContext,
	method: ApiMethod,
	firstPage = 1,
	options: ApiCallOptions = {},
): AsyncGenerator<ListPage> {
	let page = firstPage;
	for (;;) {
		const { body } = (await apiRequest.call(this, method, { page }, options)) as ApiResult<PageEnvelope>;
		const nextPage = nextPageNumber(body ?? {}, page);
		yield { lists: Array.isArray(body?.data) ? body.data : [], page, nextPage };
		if (nextPage === undefined) return;
		page = nextPage;
	}
}

/** The largest page of list items the API allows (§12.4). */
export const LIST_ITEMS_MAX_PAGE = 1000;

export interface ListItemQuery {
	/** Field slug to value; an array matches any of its values. */
	filters?: IDataObject;
	/** A slug, `id`, `created_at` or `updated_at`, optionally followed by `,asc` or `,desc`. */
	order_by?: string;
}

/**
 * A list's items, page by page (`getListItems`, §12.4), until `limit` items or the last page. Every page is asked
 * with the same parameters, since the API's `links` carry only `page`. Pages are as large as the API allows, or as
 * small as the items still wanted.
 */
export async function* listItemPages(
	this: BotPlatformContext,
	method: ApiMethod,
	schemaId: string,
	query: ListItemQuery,
	options: ApiCallOptions & { limit?: number } = {},
): AsyncGenerator<IDataObject[]> {
	let remaining = options.limit ?? Number.POSITIVE_INFINITY;
	const size = Math.min(LIST_ITEMS_MAX_PAGE, remaining);
	let page = 1;
	while (remaining > 0) {
		const params = { schema_id: schemaId, ...query, page, limit: size };
		const { body } = (await apiRequest.call(this, method, params, options)) as ApiResult<PageEnvelope>;
		const items = (Array.isArray(body?.data) ? body.data : []).slice(0, remaining);
		if (items.length > 0) yield items;
		remaining -= items.length;
		const nextPage = nextPageNumber(body ?? {}, page);
		if (nextPage === undefined || items.length === 0) return;
		page = nextPage;
	}
}
