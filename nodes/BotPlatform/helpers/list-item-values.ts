/**
 * The values of a list item as the node's inputs give them, turned into the `data` object of addListItem and
 * updateListItem (spec §12.5, §12.6): field slug to value. One place for this conversion, so that every input that
 * writes items (key/value pairs, JSON, later the resource mapper) sends the same thing. Values may be text: the API
 * reads "12" as a number and "true" as a boolean for fields of those types (§12.2).
 */
import type { IDataObject } from 'n8n-workflow';

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
