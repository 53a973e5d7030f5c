/**
 * Message languages. Texts follow the request's Accept-Language (§7.1); codes and `errors` keys never do.
 * Each area declares its own catalog with `defineMessages`, so translations live next to the rules they describe.
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

export type Vars = Record<string, string | number>;

function interpolate(template: string, vars: Vars): string {
	return template.replace(/:([a-z_]+)/gi, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/**
 * Declares a catalog: English is the reference, every other language must have the same keys.
 * Placeholders are `:name`, as in Laravel's language files.
 */
export function defineMessages<K extends string>(catalog: Record<Lang, Record<K, string>>) {
	return (lang: Lang, key: K, vars: Vars = {}): string => interpolate(catalog[lang][key], vars);
}
