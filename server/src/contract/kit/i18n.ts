/**
 * Message catalogs. Each area declares its own with `defineMessages`, so translations live next to the rules they
 * describe; the request's language is picked in `http/language.ts`.
 */
import type { Lang } from '../../http/language';

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
