/**
 * List search for the List resource locator. The API has no name filter and fixed pages of 50, so each call
 * reads pages (from the pagination token on) until it has matches to show or the lists run out, at most a few
 * pages per call; the token lets n8n ask for more.
 */
import type { ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { listSchemaPages } from '../transport';

const PAGES_PER_CALL = 5;
const MIN_MATCHES = 10;
const UI_MAX_WAIT_SECONDS = 10;

export async function searchLists(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const needle = filter?.trim().toLowerCase() ?? '';
	const firstPage = Math.max(1, Number(paginationToken) || 1);
	const results: INodeListSearchItems[] = [];
	let pagesRead = 0;
	for await (const { lists, nextPage } of listSchemaPages.call(this, firstPage, { maxWaitSeconds: UI_MAX_WAIT_SECONDS })) {
		pagesRead++;
		for (const list of lists) {
			const name = String(list.name ?? '');
			const id = String(list.id ?? '');
			if (needle === '' || name.toLowerCase().includes(needle) || id === needle) results.push({ name, value: id });
		}
		if (nextPage === undefined) return { results };
		// Without a filter one page is a screenful; with one, keep reading until there is something to show.
		const enough = needle === '' || results.length >= MIN_MATCHES || pagesRead >= PAGES_PER_CALL;
		if (enough) return { results, paginationToken: String(nextPage) };
	}
	return { results };
}
