/**
 * What the list item methods' parameters (§12.4 to §12.7) share; each method declares its own in its file. What depends on the list (its slugs and their types) is
 * checked once the list is read, by the schemas built from its fields below; their keys are `data.<slug>`,
 * `filters.<slug>` and `order_by` (§12.4, §12.8).
 */
import { z } from 'zod';
import { ruleParams } from '../kit/validation';
import type { ItemFilter, ItemOrder, ValueChanges } from '../../domain/list-items/list-items';
import type { ListField } from '../../models/list';
import { listItemRule } from './messages';
import { parseFilterValue, parseValue } from './values';

export const MAX_ITEMS_PER_PAGE = 1000;
export const DEFAULT_ITEMS_PER_PAGE = 20;

export const schemaId = () => z.string().meta({ description: 'The list ID.' });
export const itemId = () => z.string().meta({ description: 'The item ID, 24 hexadecimal characters.' });

/** An object of values, keyed by slug: JSON, or form fields `data[<slug>]=<value>`. */
export const valuesObject = () => z.record(z.string(), z.unknown());

/** Parameters of addListItem that are not values when they come at the top level (§12.5). */
const NOT_VALUES = new Set(['schema_id', 'data', 'api_token']);

/** The values of an addListItem call: `data`, or else the body's other top-level keys (§12.5). */
export function addedValues(input: Record<string, unknown>): Record<string, unknown> | undefined {
	if (input.data !== undefined && input.data !== null) return input.data as Record<string, unknown>;
	const entries = Object.entries(input).filter(([key]) => !NOT_VALUES.has(key));
	return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * The values of `data`, checked against the list's fields. On `add` every required field must have a value (§12.3,
 * §4.7) and nulls are left out; on `update` only the slugs sent change (merge, §12.6), and null clears an optional
 * field. Each failure is reported under the slug (`data.<slug>` once nested under `data`).
 */
export function itemValues(fields: readonly ListField[], mode: 'add' | 'update') {
	const bySlug = new Map(fields.map((field) => [field.slug, field]));
	return valuesObject().transform((values, ctx): ValueChanges => {
		const changes: ValueChanges = { set: [], unset: [] };
		const sent = new Map(Object.entries(values));
		for (const key of sent.keys()) {
			if (!bySlug.has(key)) ctx.addIssue({ code: 'custom', path: [key], ...ruleParams(listItemRule('unknown_slug')) });
		}
		for (const field of fields) {
			const raw = sent.get(field.slug);
			if (raw === undefined && mode === 'update') continue;
			if (raw === undefined || raw === null || raw === '') {
				if (field.isRequired) ctx.addIssue({ code: 'custom', path: [field.slug], ...ruleParams(listItemRule('required')) });
				else if (raw !== undefined && mode === 'update') changes.unset.push(field.slug);
				continue;
			}
			const parsed = parseValue(field.type, raw);
			if (parsed.ok) changes.set.push([field.slug, parsed.value]);
			else ctx.addIssue({ code: 'custom', path: [field.slug], ...ruleParams(listItemRule(parsed.rule), parsed.vars) });
		}
		return changes;
	});
}

/** An equality per slug; an array is any of its values (§12.4). Null or an empty string matches an unset value. */
export function itemFilters(fields: readonly ListField[]) {
	const bySlug = new Map(fields.map((field) => [field.slug, field]));
	return valuesObject().transform((filters, ctx): ItemFilter => {
		const filter: ItemFilter = [];
		for (const [slug, raw] of Object.entries(filters)) {
			const field = bySlug.get(slug);
			if (!field) {
				ctx.addIssue({ code: 'custom', path: [slug], ...ruleParams(listItemRule('unknown_slug')) });
				continue;
			}
			const list = Array.isArray(raw) ? raw : isIndexed(raw) ? Object.values(raw) : [raw];
			const values: ItemFilter[number][1] = [];
			for (const value of list) {
				if (value === null || value === '') {
					values.push(null);
					continue;
				}
				const parsed = parseFilterValue(field.type, value);
				if (parsed.ok) values.push(parsed.value);
				else ctx.addIssue({ code: 'custom', path: [slug], ...ruleParams(listItemRule(parsed.rule), parsed.vars) });
			}
			filter.push([slug, values]);
		}
		return filter;
	});
}

/** `filters[slug][0]=a&filters[slug][1]=b` in a query string or form: qs makes an object with numeric keys. */
const isIndexed = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' &&
	value !== null &&
	Object.keys(value).length > 0 &&
	Object.keys(value).every((key) => /^\d+$/.test(key));

/** The item's own fields that `order_by` accepts besides slugs (§12.4). */
export const OWN_SORT_FIELDS = ['id', 'created_at', 'updated_at'] as const;

export function itemOrder(fields: readonly ListField[]) {
	const slugs = new Set(fields.map((field) => field.slug));
	return z.string().transform((text, ctx): ItemOrder => {
		const [name = '', direction = 'asc', ...rest] = text.split(',').map((part) => part.trim());
		const own = (OWN_SORT_FIELDS as readonly string[]).includes(name);
		if ((!own && !slugs.has(name)) || !['asc', 'desc'].includes(direction.toLowerCase()) || rest.length > 0) {
			ctx.addIssue({ code: 'custom', ...ruleParams(listItemRule('order_by')) });
			return z.NEVER;
		}
		return { field: name, own, direction: direction.toLowerCase() === 'desc' ? -1 : 1 };
	});
}
