/**
 * `meta.links` of getContacts (§4.2): Laravel's paginator link list. "Previous", the page numbers, "Next";
 * with 14 pages or more, a window of pages around the current one and `...` separators (Laravel's UrlWindow,
 * three pages on each side). URLs carry only `page`, like the envelope's other links.
 */
import type { Lang } from '../../http/i18n';
import { contactsMessage } from './messages';

export interface PageLink {
	url: string | null;
	label: string;
	active: boolean;
}

const ON_EACH_SIDE = 3;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The page numbers to show, with null for a `...` separator. */
function pageWindow(current: number, last: number): (number | null)[] {
	if (last < ON_EACH_SIDE * 2 + 8) return range(1, last);
	const window = ON_EACH_SIDE + 4;
	const start = [1, 2];
	const finish = [last - 1, last];
	if (current <= window) return [...range(1, window + ON_EACH_SIDE), null, ...finish];
	if (current > last - window) return [...start, null, ...range(last - (window + ON_EACH_SIDE - 1), last)];
	return [...start, null, ...range(current - ON_EACH_SIDE, current + ON_EACH_SIDE), null, ...finish];
}

export function pageLinks(current: number, last: number, path: string, lang: Lang): PageLink[] {
	const url = (page: number) => `${path}?page=${page}`;
	return [
		{ url: current > 1 ? url(current - 1) : null, label: contactsMessage(lang, 'previous_page'), active: false },
		...pageWindow(current, last).map((page) =>
			page === null
				? { url: null, label: '...', active: false }
				: { url: url(page), label: String(page), active: page === current },
		),
		{ url: current < last ? url(current + 1) : null, label: contactsMessage(lang, 'next_page'), active: false },
	];
}
