/**
 * Input rules for field definitions (§2.2), shared by createListSchema (§4.5) and addListSchemaField (§4.7).
 * Everything arrives as JSON, form fields or a query string; the scalar builders read "0"/"1"/"true" alike.
 */
import { z } from 'zod';
import { isActiveCurrency } from '../../domain/currency';
import { boolean, ruleParams, text } from '../../http/validation';
import { FIELD_TYPES, type FieldType } from '../../models/list';
import { listRule } from './list-messages';

/** Letters and decimal digits of any script, `-` and `_` (Laravel's alpha_dash). Never `.` or `$`: slugs are storage keys. */
const SLUG_PATTERN = /^[\p{L}\p{M}\p{Nd}_-]+$/u;

/**
 * Names the record store uses for itself, refused as slugs whatever their case: a record's own `id` and
 * times, the list it belongs to, and `__proto__`, which JS objects do not treat as a plain key.
 * §2.2 names this rule for list creation; it applies to added fields too, or the names could still be taken.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
	'id',
	'item_id',
	'schema_id',
	'list_id',
	'created_at',
	'updated_at',
	'deleted_at',
	'__proto__',
]);

export const DEFAULT_CURRENCY = 'USD';

export const isReservedSlug = (slug: string) => RESERVED_SLUGS.has(slug.toLowerCase());

export function slug() {
	return text(255)
		.refine((value) => SLUG_PATTERN.test(value), ruleParams(listRule('slug_format')))
		.refine((value) => !isReservedSlug(value), ruleParams(listRule('slug_reserved')));
}

/** An optional flag: absent or null (an empty form field) means the default. */
export function flag(defaultValue: boolean) {
	return boolean()
		.nullish()
		.transform((value) => value ?? defaultValue);
}

/** A field definition ready to store: `currency` only on `money` fields. */
export interface NewField {
	slug: string;
	name: string;
	type: FieldType;
	currency?: string;
	isRequired: boolean;
	isHidden: boolean;
	isEncryptable: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Cross-key rules run even when other keys of the same object failed, so one answer lists every bad field (§7.1).
 * They then see raw values, hence the defensive reads.
 */
export const evenWithOtherErrors = (shape: 'object' | 'array') => ({
	when: (payload: { value: unknown }) => (shape === 'array' ? Array.isArray(payload.value) : isRecord(payload.value)),
});

/**
 * `missingCurrency`: on creation a money field without currency is USD (§4.5); on addition it is an error (§4.7).
 */
export function fieldDefinition(missingCurrency: 'default' | 'error') {
	return z
		.object({
			name: text(255),
			slug: slug(),
			type: z.enum(FIELD_TYPES),
			currency: z.string().nullish(),
			is_required: flag(true),
			is_hidden: flag(false),
			is_encryptable: flag(false),
		})
		.check(
			z.superRefine((field: Record<string, unknown>, ctx) => {
				if (field.type !== 'money') return;
				if (field.currency === undefined || field.currency === null) {
					if (missingCurrency === 'error')
						ctx.addIssue({ code: 'custom', path: ['currency'], ...ruleParams(listRule('currency_required')) });
				} else if (typeof field.currency === 'string' && !isActiveCurrency(field.currency)) {
					ctx.addIssue({ code: 'custom', path: ['currency'], ...ruleParams(listRule('currency_invalid')) });
				}
			}, evenWithOtherErrors('object')),
		)
		.transform((field): NewField => ({
			slug: field.slug,
			name: field.name,
			type: field.type,
			...(field.type === 'money' ? { currency: field.currency ?? DEFAULT_CURRENCY } : {}),
			isRequired: field.is_required,
			isHidden: field.is_hidden,
			isEncryptable: field.is_encryptable,
		}));
}

/** `schema_id`: any string; one that is not a list ID is simply not found (§4.4). */
export const schemaId = () => z.string();
