/**
 * Values of a list's records, checked against the list's fields. The spec does not show record formats
 * (§2.2), so these are this server's choices, one JSON type per field type:
 * string: text up to 65535 characters; number: a finite number; bool: true/false; date: `YYYY-MM-DD`;
 * datetime: ISO 8601 with offset; money: an integer in the field currency's minor units (as amounts in §2.3);
 * file, image: an http(s) URL; contact, bot: a positive integer ID.
 * A required field must have a value (§4.7); a slug the list does not have is refused.
 */
import { z } from 'zod';
import { ruleParams, type RuleText } from '../../http/validation';
import type { FieldType, ListField } from '../../models/list';
import { evenWithOtherErrors } from './field-input';

const UNKNOWN_SLUG: RuleText = {
	en: 'The :attribute field is not a field of this list.',
	ru: 'Поле :attribute не является полем этого списка.',
};

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

export function itemValues(fields: readonly ListField[]) {
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
