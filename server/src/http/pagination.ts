/** The paginated envelope of §4.2, with Laravel's meanings of `from`, `to` and `last_page`. */

export interface PageRequest {
	page: number;
	perPage: number;
	/** Absolute URL of the method, without query string (`meta.path`). */
	path: string;
}

export interface PageEnvelope<T> {
	data: T[];
	links: { first: string; last: string; prev: string | null; next: string | null };
	meta: {
		current_page: number;
		from: number | null;
		last_page: number;
		path: string;
		per_page: number;
		to: number | null;
		total: number;
	};
}

/** Number of documents to skip for a page (pages count from 1). */
export function pageOffset({ page, perPage }: Pick<PageRequest, 'page' | 'perPage'>): number {
	return (page - 1) * perPage;
}

export function pageEnvelope<T>(items: T[], total: number, request: PageRequest): PageEnvelope<T> {
	const { page, perPage, path } = request;
	const lastPage = Math.max(1, Math.ceil(total / perPage));
	const url = (n: number) => `${path}?page=${n}`;
	const from = items.length > 0 ? pageOffset(request) + 1 : null;
	return {
		data: items,
		links: {
			first: url(1),
			last: url(lastPage),
			prev: page > 1 ? url(page - 1) : null,
			next: page < lastPage ? url(page + 1) : null,
		},
		meta: {
			current_page: page,
			from,
			last_page: lastPage,
			path,
			per_page: perPage,
			to: from === null ? null : from + items.length - 1,
			total,
		},
	};
}
