/**
 * Request validation on zod. Every failed field is reported at once (§7.1), under its dotted path
 * (`fields.0.slug`), with texts in the request's language. Form and query inputs arrive as strings,
 * so the scalar builders below read "12" as 12 and "true" as true; anything else is a 422.
 */
import { z } from 'zod';
import { inClientLanguage, ValidationError, type FieldErrors } from '../../http/errors';
import type { Lang } from '../../http/language';
import { validationMessage } from './validation-messages';

/** A text per language for a custom rule; `:attribute` and the issue's own params are interpolated. */
export type RuleText = Record<Lang, string>;

/** Attach to `.refine(check, ruleParams(text))` or `ctx.addIssue({code: 'custom', ...ruleParams(text)})`. */
export function ruleParams(text: RuleText, vars: Record<string, string | number> = {}) {
	return { params: { text, vars } };
}

type Issue = z.core.$ZodIssue;

function attributeName(path: PropertyKey[]): string {
	return path.map(String).join('.').replace(/_/g, ' ');
}

function sizeRule(issue: Issue & { origin?: string }, kind: 'max' | 'min') {
	if (issue.origin === 'string') return `${kind}_string` as const;
	if (issue.origin === 'array' || issue.origin === 'set') return `${kind}_array` as const;
	return `${kind}_number` as const;
}

/** The text of a failed rule, as the API reports it (also used for seed files). */
export function describeIssue(issue: Issue, lang: Lang): string {
	// Zod finalizes the branch issues of a union before it knows their path.
	const attribute = attributeName(issue.path ?? []);
	switch (issue.code) {
		case 'invalid_type': {
			if (issue.input === undefined || issue.input === null) return validationMessage(lang, 'required', { attribute });
			const expected = issue.expected as string;
			const rule =
				expected === 'int'
					? 'integer'
					: (['string', 'number', 'boolean', 'array', 'object'].find((t) => t === expected) ?? 'invalid');
			return validationMessage(lang, rule as 'invalid', { attribute });
		}
		case 'too_big':
			return validationMessage(lang, sizeRule(issue, 'max'), { attribute, max: String(issue.maximum) });
		case 'too_small':
			return validationMessage(lang, sizeRule(issue, 'min'), { attribute, min: String(issue.minimum) });
		case 'invalid_value':
			return validationMessage(lang, 'in', { attribute });
		case 'invalid_format':
			return validationMessage(lang, issue.format === 'email' ? 'email' : 'format', { attribute });
		case 'custom': {
			const params = issue.params as { text?: RuleText; vars?: Record<string, string | number> } | undefined;
			if (params?.text) {
				const vars: Record<string, string | number> = { attribute, ...params.vars };
				return params.text[lang].replace(/:([a-z_]+)/gi, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
			}
			return validationMessage(lang, 'invalid', { attribute });
		}
		default:
			return validationMessage(lang, 'invalid', { attribute });
	}
}

/** Parses `input` or throws a ValidationError listing every failed field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown, lang: Lang): z.output<S> {
	const result = schema.safeParse(input, { error: (issue) => describeIssue(issue as Issue, lang) });
	if (result.success) return result.data;
	throw inClientLanguage(lang, (language) => {
		// The failure told in another language than the parse's: parsed again, only for the log's English text.
		const { issues } =
			language === lang
				? result.error
				: schema.safeParse(input, { error: (issue) => describeIssue(issue as Issue, language) }).error!;
		const errors: FieldErrors = {};
		for (const issue of issues) {
			const key = issue.path.map(String).join('.') || 'input';
			const texts = (errors[key] ??= []);
			if (!texts.includes(issue.message)) texts.push(issue.message);
		}
		return new ValidationError(errors, summarize(errors, language));
	});
}

/** Laravel's summary: the first text, plus how many more there are. */
export function summarize(errors: FieldErrors, lang: Lang): string {
	const texts = Object.values(errors).flat();
	if (texts.length <= 1) return texts[0] ?? validationMessage(lang, 'invalid', { attribute: 'input' });
	return `${texts[0]} ${validationMessage(lang, 'and_more', { count: texts.length - 1 })}`;
}

/** An integer that may arrive as a decimal string (forms, query strings). */
export function integer(bounds: { min?: number; max?: number } = {}) {
	let schema = z.int();
	if (bounds.min !== undefined) schema = schema.min(bounds.min);
	if (bounds.max !== undefined) schema = schema.max(bounds.max);
	return z.preprocess((value) => {
		const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
		// Past the safe range z.int() adds its own bound to ours (two limits in one answer for 1e20): such a number
		// is refused by our bound alone, as the nearest value beyond it.
		if (typeof number !== 'number' || Number.isSafeInteger(number) || Number.isNaN(number)) return number;
		if (bounds.max !== undefined && number > bounds.max) return bounds.max + 1;
		if (bounds.min !== undefined && number < bounds.min) return bounds.min - 1;
		return number;
	}, schema);
}

const TRUE_INPUTS = new Set<unknown>([true, 1, '1', 'true', 'on', 'yes']);
const FALSE_INPUTS = new Set<unknown>([false, 0, '0', 'false', 'off', 'no']);

/** A boolean that may arrive as "1"/"0"/"true"/"false" (forms, query strings). */
export function boolean() {
	return z.preprocess((value) => (TRUE_INPUTS.has(value) ? true : FALSE_INPUTS.has(value) ? false : value), z.boolean());
}

/** A UTF-16 surrogate without its pair: JSON can carry one (`"\\ud800"`), but no UTF-8 text or e-mail can. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Well-formed Unicode: a lone surrogate would be stored as U+FFFD, i.e. not as sent. */
export const isWellFormedText = (value: string) => !LONE_SURROGATE.test(value);

/** A string of at most `max` characters, of well-formed Unicode. */
export function text(max = 255) {
	return z.string().max(max).refine(isWellFormedText);
}

/**
 * An array that may arrive from a form or query string as an object with numeric keys
 * (qs turns `tags[150]=x` into one when the index is sparse or large). `max` bounds the array itself, so
 * that the API reference shows it.
 */
export function list<T extends z.ZodType>(item: T, { max }: { max?: number } = {}) {
	return z.preprocess(
		(value) => {
			if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
			const keys = Object.keys(value);
			if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
				return keys.sort((a, b) => Number(a) - Number(b)).map((key) => (value as Record<string, unknown>)[key]);
			}
			return value;
		},
		max === undefined ? z.array(item) : z.array(item).max(max),
	);
}
