/**
 * Message languages: the request's Accept-Language picks one (§7.1); codes and `errors` keys never follow it.
 * The catalogs of texts are declared beside the contracts that use them (`contract/kit/i18n.ts`).
 */
import type { Request } from 'express';

export const LANGUAGES = ['en', 'ru'] as const;
export type Lang = (typeof LANGUAGES)[number];

/** Picks the best supported language from an Accept-Language header (quality values honoured); English by default. */
export function languageOf(acceptLanguage: string | undefined): Lang {
	if (!acceptLanguage) return 'en';
	const ranked = acceptLanguage
		.split(',')
		.map((part, order) => {
			const [tag, ...params] = part.trim().toLowerCase().split(';');
			const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
			const quality = q === undefined ? 1 : Number(q.slice(2));
			return { primary: tag.split('-')[0], quality: Number.isFinite(quality) ? quality : 0, order };
		})
		.filter((entry) => entry.quality > 0)
		.sort((a, b) => b.quality - a.quality || a.order - b.order);
	const match = ranked.find((entry) => (LANGUAGES as readonly string[]).includes(entry.primary));
	return (match?.primary as Lang | undefined) ?? 'en';
}

export function requestLanguage(req: Request): Lang {
	return languageOf(req.headers['accept-language']);
}
