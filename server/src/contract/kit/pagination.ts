/**
 * The paginated envelope of §4.2, with Laravel's meanings of `from`, `to` and `last_page`, and Laravel's link list
 * that getContacts adds as `meta.links`.
 */
import { z } from 'zod';
import type { Lang } from '../../http/language';
import { defineMessages } from './i18n';

export interface PageRequest {
	page: number;
	perPage: number;
	/** Absolute URL of the method, without query string (`meta.path`). */
	path: string;
}

const envelopeLinksJson = z.object({
	first: z.string(),
	last: z.string(),
	prev: z.string().nullable(),
	next: z.string().nullable().meta({ description: 'Null on the last page.' }),
});

const pageMetaJson = z.object({
	current_page: z.int().min(1),
	from: z.int().nullable().meta({ description: 'Position of the first item on this page; null when it is empty.' }),
	last_page: z.int().min(1),
	path: z.string(),
	per_page: z.int().min(1),
	to: z.int().nullable().meta({ description: 'Position of the last item on this page; null when it is empty.' }),
	total: z.int().min(0),
});

export interface PageEnvelope<T> {
	data: T[];
	links: z.output<typeof envelopeLinksJson>;
	meta: z.output<typeof pageMetaJson>;
}

/**
 * The envelope as a response schema, with `meta.links` where a method adds them (getContacts). Link URLs carry
 * only `page`: other parameters must be sent again (§4.14).
 */
export function pageEnvelopeJson(item: z.ZodType, options: { metaLinks?: z.ZodType } = {}) {
	return z.object({
		data: z.array(item),
		links: envelopeLinksJson,
		meta: options.metaLinks ? pageMetaJson.extend({ links: options.metaLinks }) : pageMetaJson,
	});
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

const linkLabel = defineMessages({
	en: { previous_page: '&laquo; Previous', next_page: 'Next &raquo;' },
	ru: { previous_page: '&laquo; Назад', next_page: 'Вперёд &raquo;' },
});

/** Laravel's link list: "Previous", the page numbers (with `...` separators), "Next". */
export const pageLinksJson = z.array(z.object({ url: z.string().nullable(), label: z.string(), active: z.boolean() }));

export type PageLink = z.output<typeof pageLinksJson>[number];

const ON_EACH_SIDE = 3;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The page numbers to show, with null for a `...` separator (Laravel's UrlWindow, three pages on each side). */
function pageWindow(current: number, last: number): (number | null)[] {
	if (last < ON_EACH_SIDE * 2 + 8) return range(1, last);
	const window = ON_EACH_SIDE + 4;
	const start = [1, 2];
	const finish = [last - 1, last];
	if (current <= window) return [...range(1, window + ON_EACH_SIDE), null, ...finish];
	if (current > last - window) return [...start, null, ...range(last - (window + ON_EACH_SIDE - 1), last)];
	return [...start, null, ...range(current - ON_EACH_SIDE, current + ON_EACH_SIDE), null, ...finish];
}

/**
 * Laravel's paginator link list: "Previous", the page numbers, "Next"; with 14 pages or more, a window of pages
 * around the current one and `...` separators. URLs carry only `page`, like the envelope's other links.
 */
export function pageLinks(current: number, last: number, path: string, lang: Lang): PageLink[] {
	const url = (page: number) => `${path}?page=${page}`;
	return [
		{ url: current > 1 ? url(current - 1) : null, label: linkLabel(lang, 'previous_page'), active: false },
		...pageWindow(current, last).map((page) =>
			page === null
				? { url: null, label: '...', active: false }
				: { url: url(page), label: String(page), active: page === current },
		),
		{ url: current < last ? url(current + 1) : null, label: linkLabel(lang, 'next_page'), active: false },
	];
}
