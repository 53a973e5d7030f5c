/**
 * Field values of list items by field type (§12.2, our choices in §12.2), on write, in filters and on read.
 * Parameters arrive as JSON, form fields or a query string, so every scalar may come as a string: "12" is read
 * as 12 and "1"/"true" as true, as Laravel's rules read them.
 *
 * Stored form, one BSON type per field type: string as a string (up to 65,535 characters); number as a double;
 * bool as a boolean; date as `YYYY-MM-DD`; datetime as `YYYY-MM-DDTHH:MM:SS+00:00` (UTC, whole seconds, so
 * strings sort as times); money as an integer in the currency's minor units (as amounts in §2.3); file and image
 * as their http(s) URL; contact and bot as the integer ID.
 */
import type { FieldType, ListField } from '../../models/list';
import { isWellFormedText } from '../kit/validation';
import type { ListItemMessage } from './messages';

export const MAX_STRING_VALUE = 65535;
const MAX_URL = 2048;

export type Parsed =
	{ ok: true; value: string | number | boolean } | { ok: false; rule: ListItemMessage; vars?: Record<string, number> };

const refused = (rule: ListItemMessage, vars?: Record<string, number>): Parsed => ({ ok: false, rule, vars });
const accepted = (value: string | number | boolean): Parsed => ({ ok: true, value });

const NUMBER_TEXT = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
const INTEGER_TEXT = /^-?\d+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** ISO 8601 with an offset (`Z` or `±HH:MM`), seconds and fractions optional. */
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function number(raw: unknown): number | undefined {
	if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
	if (typeof raw === 'string' && NUMBER_TEXT.test(raw)) {
		const value = Number(raw);
		return Number.isFinite(value) ? value : undefined;
	}
	return undefined;
}

function integer(raw: unknown): number | undefined {
	if (typeof raw === 'string' && !INTEGER_TEXT.test(raw.trim())) return undefined;
	const value = typeof raw === 'string' ? Number(raw) : raw;
	return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}

const TRUE = new Set<unknown>([true, 1, '1', 'true']);
const FALSE = new Set<unknown>([false, 0, '0', 'false']);

function validDate(text: string): boolean {
	const match = DATE.exec(text);
	if (!match) return false;
	const date = new Date(`${text}T00:00:00Z`);
	return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** A time in the stored form: UTC, whole seconds. */
export const storedDatetime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

function url(raw: unknown): Parsed {
	if (typeof raw !== 'string' || raw.length > MAX_URL) return refused('url');
	try {
		const parsed = new URL(raw);
		return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? accepted(raw) : refused('url');
	} catch {
		return refused('url');
	}
}

/** A value as written (`addListItem`, `updateListItem`), checked and converted to its stored form. */
export function parseValue(type: FieldType, raw: unknown): Parsed {
	switch (type) {
		case 'string':
			if (typeof raw === 'number' || typeof raw === 'boolean') raw = String(raw);
			if (typeof raw !== 'string' || !isWellFormedText(raw)) return refused('string');
			return raw.length > MAX_STRING_VALUE ? refused('string_max', { max: MAX_STRING_VALUE }) : accepted(raw);
		case 'number': {
			const value = number(raw);
			return value === undefined ? refused('number') : accepted(value);
		}
		case 'money': {
			const value = integer(raw);
			return value === undefined ? refused('integer') : accepted(value);
		}
		case 'bool':
			return TRUE.has(raw) ? accepted(true) : FALSE.has(raw) ? accepted(false) : refused('bool');
		case 'date':
			return typeof raw === 'string' && validDate(raw) ? accepted(raw) : refused('date');
		case 'datetime': {
			if (typeof raw !== 'string' || !DATETIME.test(raw) || !validDate(raw.slice(0, 10))) return refused('datetime');
			const date = new Date(raw);
			return Number.isNaN(date.getTime()) ? refused('datetime') : accepted(storedDatetime(date));
		}
		case 'file':
		case 'image':
			return url(raw);
		case 'contact':
		case 'bot': {
			const value = integer(raw);
			return value === undefined || value < 1 ? refused('id') : accepted(value);
		}
	}
}

/** A filter value (§12.4): as on write, except that dates and times are Unix seconds (§12.2). */
export function parseFilterValue(type: FieldType, raw: unknown): Parsed {
	if (type !== 'date' && type !== 'datetime') return parseValue(type, raw);
	const seconds = integer(raw);
	if (seconds === undefined || Math.abs(seconds) > 8_640_000_000_000) return refused('unix_time');
	const date = new Date(seconds * 1000);
	return accepted(type === 'date' ? date.toISOString().slice(0, 10) : storedDatetime(date));
}

const MIME_TYPES: Readonly<Record<string, string>> = {
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	png: 'image/png',
	gif: 'image/gif',
	webp: 'image/webp',
	pdf: 'application/pdf',
	txt: 'text/plain',
	csv: 'text/csv',
	zip: 'application/zip',
};

/**
 * A file or image read back as the platform's object (§12.2), from the URL that was written: the name is the URL's
 * last path segment, the media type guessed from its extension; size and dimensions are unknown (null).
 */
function fileObject(type: 'file' | 'image', link: string) {
	let name = '';
	try {
		name = decodeURIComponent(new URL(link).pathname.split('/').pop() ?? '');
	} catch {
		name = '';
	}
	const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
	return {
		type,
		mime_type: (extension && MIME_TYPES[extension]) ?? null,
		url: link,
		name,
		size: null,
		storage: 'url',
		meta: { width: null, height: null, duration: null, codec: null },
	};
}

/** A stored value as read (`getListItems` and the item of every answer); null when unset (§12.1). */
export function presentValue(field: Pick<ListField, 'type'>, stored: unknown): unknown {
	if (stored === undefined || stored === null) return null;
	if ((field.type === 'file' || field.type === 'image') && typeof stored === 'string') return fileObject(field.type, stored);
	return stored;
}
