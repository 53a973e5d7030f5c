/**
 * The values of a list item as the node's inputs give them, turned into the `data` object of addListItem and
 * updateListItem (spec §12.5, §12.6): field slug to value. One place for this conversion, so that every input that
 * writes items (the resource mapper, key/value pairs, JSON) sends the same thing. Values may be text: the API
 * reads "12" as a number and "true" as a boolean for fields of those types (§12.2).
 */
import { validateFieldType, type FieldType, type IDataObject, type ResourceMapperField } from 'n8n-workflow';

export interface FieldValuePair {
	slug?: string;
	value?: unknown;
}

/** Key/value pairs (a fixedCollection's `values`); a slug given twice keeps its last value, empty slugs are skipped. */
export function valuesFromPairs(pairs: readonly FieldValuePair[] | undefined): IDataObject {
	const data: IDataObject = {};
	for (const { slug, value } of pairs ?? []) {
		const key = String(slug ?? '').trim();
		if (key === '') continue;
		data[key] = value === undefined ? null : (value as IDataObject[string]);
	}
	return data;
}

/** A JSON object of values, as text or already parsed by an expression. */
export function valuesFromJson(json: unknown): IDataObject {
	const parsed: unknown = typeof json === 'string' ? (json.trim() === '' ? {} : JSON.parse(json)) : json;
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		throw new TypeError('The fields must be a JSON object of field slug to value, e.g. {"title": "Order 17"}');
	}
	return parsed as IDataObject;
}

/** An n8n date (Luxon's DateTime, as expressions and n8n's type check make them), without importing Luxon. */
interface LuxonDateTime {
	isLuxonDateTime: true;
	toISO(options: { suppressMilliseconds: boolean }): string;
}

const isLuxonDateTime = (value: unknown): value is LuxonDateTime =>
	typeof value === 'object' && value !== null && (value as Partial<LuxonDateTime>).isLuxonDateTime === true;

/** A file or image as the API reads it back (`{url, ...}`, §12.2) writes as its URL, so items copy from list to list. */
function urlOfFile(value: unknown, type: FieldType | undefined): unknown {
	const url = typeof value === 'object' && value !== null ? (value as IDataObject).url : undefined;
	return type === 'url' && typeof url === 'string' ? url : value;
}

/** Dates as the API takes them: ISO 8601 with an offset (§12.2); n8n's type check makes DateTimes of date inputs. */
function writeValue(value: unknown): unknown {
	if (isLuxonDateTime(value)) return value.toISO({ suppressMilliseconds: true });
	if (value instanceof Date) return value.toISOString();
	return value;
}

/** No value: the mapper's untouched fields (null), an input without the key, an empty cell or expression. */
const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

export type MapperFieldError = { slug: string; message: string };

/**
 * The resource mapper's values (`schema` says each field's type): empty values are left out, so a field left blank
 * is not written (on Update it keeps its value); the others are checked and converted with n8n's own type check
 * ("12" → 12 for a number, "true" → true), then to the API's format (dates as ISO 8601 with their offset).
 */
export function valuesFromMapper(
	values: IDataObject,
	schema: readonly ResourceMapperField[],
): { data: IDataObject } | { error: MapperFieldError } {
	const types = new Map(schema.map((field) => [field.id, field.type]));
	const data: IDataObject = {};
	for (const [slug, raw] of Object.entries(values)) {
		if (isEmpty(raw)) continue;
		const type = types.get(slug);
		const given = urlOfFile(raw, type);
		const checked = type ? validateFieldType(slug, given, type) : { valid: true as const, newValue: given };
		if (!checked.valid) return { error: { slug, message: checked.errorMessage } };
		data[slug] = writeValue(checked.newValue ?? given) as IDataObject[string];
	}
	return { data };
}
