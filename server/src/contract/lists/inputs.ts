/**
 * What the list methods' parameters (§4.3 to §4.8) share, field definitions (§2.2), createListSchema's parameters
 * (which seed files use too), and the values of a list's records, which only the admin API writes. Each other method
 * declares its parameters in its file. Everything arrives as JSON, form fields or a query string; the
 * scalar builders read "0"/"1"/"true" alike.
 */
import { z } from 'zod';
import { isActiveCurrency } from '../../domain/currency';
import { boolean, integer, list, ruleParams, text, type RuleText } from '../kit/validation';
import { FIELD_TYPES, type FieldType, type ListField } from '../../models/list';
import { currencyCodeMeta } from '../currency-code';
import { listRule } from './messages';

/** Letters and decimal digits of any script, `-` and `_` (Laravel's alpha_dash). Never `.` or `$`: slugs are storage keys. */
const SLUG_PATTERN = /^[\p{L}\p{M}\p{Nd}_-]+$/u;

/**
 * Names the record store uses for itself, refused as slugs whatever their case: a record's own `id` and
 * times, the list it belongs to, and `__proto__`, which JS objects do not treat as a plain key.
 * §2.2 names this rule for list creation; it applies to added fields too, or the names could still be taken.
 */
const RESERVED_SLUGS: ReadonlySet<string> = new Set([
	'id',
	'item_id',
	'schema_id',
	'list_id',
	'created_at',
	'updated_at',
	'deleted_at',
	'__proto__',
]);

/** A money field created without a currency is in USD (§4.5). */
const DEFAULT_CURRENCY = 'USD';

const MAX_FIELDS_ON_CREATE = 30;

const isReservedSlug = (slug: string) => RESERVED_SLUGS.has(slug.toLowerCase());

function slug() {
	return text(255)
		.refine((value) => SLUG_PATTERN.test(value), ruleParams(listRule('slug_format')))
		.refine((value) => !isReservedSlug(value), ruleParams(listRule('slug_reserved')))
		.meta({
			pattern: SLUG_PATTERN.source,
			description:
				'Letters, digits, `-` and `_`; unique in the list; not a reserved name, whatever its case: ' +
				`${[...RESERVED_SLUGS].map((name) => `\`${name}\``).join(', ')}.`,
		});
}

/** An optional flag: absent or null (an empty form field) means the default. */
function flag(defaultValue: boolean) {
	return boolean()
		.nullish()
		.transform((value) => value ?? defaultValue)
		.prefault(defaultValue);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Cross-key rules run even when other keys of the same object failed, so one answer lists every bad field (§7.1).
 * They then see raw values, hence the defensive reads.
 */
const evenWithOtherErrors = (shape: 'object' | 'array') => ({
	when: (payload: { value: unknown }) => (shape === 'array' ? Array.isArray(payload.value) : isRecord(payload.value)),
});

/**
 * A field definition ready to store, `currency` only on `money` fields. `missingCurrency`: on creation a money
 * field without currency is USD (§4.5); on addition it is an error (§4.7).
 */
export function fieldDefinition(missingCurrency: 'default' | 'error') {
	return z
		.object({
			name: text(255),
			slug: slug(),
			type: z.enum(FIELD_TYPES),
			currency: z
				.string()
				.meta(currencyCodeMeta)
				.nullish()
				.meta({
					description:
						missingCurrency === 'default'
							? `\`money\` fields only; default \`${DEFAULT_CURRENCY}\`.`
							: '`money` fields only, and required for them.',
				}),
			is_required: flag(true).meta({ description: 'Whether the field must be filled when a record is added.' }),
			is_hidden: flag(false).meta({ description: 'Hidden from the interface.' }),
			is_encryptable: flag(false).meta({ description: 'Value stored encrypted.' }),
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
		.transform((field): ListField => ({
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
export const schemaId = () => z.string().meta({ description: 'The list ID.' });

/**
 * 1 to 30 fields, and a repeated slug reported at each repetition under `fields.N.slug`, zero-based (§4.5);
 * checked even when some fields are invalid, which zod's own size checks would skip.
 */
const fieldListRules = z.superRefine((fields: unknown[], ctx) => {
	if (fields.length < 1) ctx.addIssue({ code: 'too_small', origin: 'array', minimum: 1, inclusive: true, input: fields });
	if (fields.length > MAX_FIELDS_ON_CREATE) {
		ctx.addIssue({ code: 'too_big', origin: 'array', maximum: MAX_FIELDS_ON_CREATE, inclusive: true, input: fields });
	}
	const seen = new Set<string>();
	fields.forEach((field, index) => {
		const slug = typeof field === 'object' && field !== null ? (field as { slug?: unknown }).slug : undefined;
		if (typeof slug !== 'string') return;
		if (seen.has(slug)) ctx.addIssue({ code: 'custom', path: [index, 'slug'], ...ruleParams(listRule('slug_distinct')) });
		seen.add(slug);
	});
}, evenWithOtherErrors('array'));

/** `project_uuid` is required without `bot_id` and the other way round (§4.5). */
const requireTarget = z.superRefine((value: Record<string, unknown>, ctx) => {
	if ((value.bot_id ?? null) !== null || (value.project_uuid ?? null) !== null) return;
	ctx.addIssue({ code: 'custom', path: ['project_uuid'], ...ruleParams(listRule('required_without'), { other: 'bot id' }) });
	ctx.addIssue({ code: 'custom', path: ['bot_id'], ...ruleParams(listRule('required_without'), { other: 'project uuid' }) });
}, evenWithOtherErrors('object'));

/** §4.5 */
export const createListSchemaInput = z
	.object({
		name: text(255),
		project_uuid: text(255).nullish().meta({ description: 'The project to create the list in; required without `bot_id`.' }),
		bot_id: integer({ min: 1 })
			.nullish()
			.meta({
				description:
					"The list goes to this bot's project and the bot is recorded on it; required without `project_uuid`, " +
					'and used when both are sent.',
			}),
		fields: list(fieldDefinition('default'))
			.check(fieldListRules)
			.meta({ minItems: 1, maxItems: MAX_FIELDS_ON_CREATE, description: 'The fields, in order; slugs unique.' }),
		is_menu: flag(false).meta({ description: 'Outdated, with no effect.' }),
	})
	.check(requireTarget);

const UNKNOWN_SLUG: RuleText = {
	en: 'The :attribute field is not a field of this list.',
	ru: 'Поле :attribute не является полем этого списка.',
};

/**
 * Values of a list's records, checked against the list's fields. The spec does not show record formats
 * (§2.2), so these are this server's choices, one JSON type per field type:
 * string: text up to 65535 characters; number: a finite number; bool: true/false; date: `YYYY-MM-DD`;
 * datetime: ISO 8601 with offset; money: an integer in the field currency's minor units (as amounts in §2.3);
 * file, image: an http(s) URL; contact, bot: a positive integer ID.
 * A required field must have a value (§4.7); a slug the list does not have is refused.
 */
const VALUE_RULES: Record<FieldType, () => z.ZodType> = {
	string: () => z.string().max(65535),
	number: () => z.number(),
	bool: () => z.boolean(),
	date: () => z.iso.date(),
	datetime: () => z.iso.datetime({ offset: true }),
	money: () => z.int(),
	file: () => z.url({ protocol: /^https?$/ }).max(2048),
	image: () => z.url({ protocol: /^https?$/ }).max(2048),
	contact: () => z.int().min(1),
	bot: () => z.int().min(1),
};

export function listItemValues(fields: readonly ListField[]) {
	const slugs = new Set(fields.map((field) => field.slug));
	const shape = Object.fromEntries(
		fields.map((field) => [field.slug, field.isRequired ? VALUE_RULES[field.type]() : VALUE_RULES[field.type]().nullish()]),
	);
	// Loose, so that each unknown slug can be named under its own key (`values.<slug>`) next to the other errors.
	return z
		.looseObject(shape)
		.check(
			z.superRefine((values: Record<string, unknown>, ctx) => {
				for (const key of Object.keys(values)) {
					if (!slugs.has(key)) ctx.addIssue({ code: 'custom', path: [key], ...ruleParams(UNKNOWN_SLUG) });
				}
			}, evenWithOtherErrors('object')),
		)
		.transform((values) =>
			Object.fromEntries(
				Object.entries(values).filter(([slug, value]) => slugs.has(slug) && value !== undefined && value !== null),
			),
		);
}
