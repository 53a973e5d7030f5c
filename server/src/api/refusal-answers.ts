/**
 * An area's answers table (`api/<area>/answers.ts`) and what derives from it: for each reason of the domain's refusal
 * type, one entry says the status, the body's keys, `code`, `errors` key, texts and when (§7); the error a method
 * throws and the answers its declaration lists (and so the API reference) are both built from it.
 */
import { z } from 'zod';
import { defineMessages, type Vars } from '../contract/kit/i18n';
import { summarize } from '../contract/kit/validation';
import { codedValidationBody, errorBody, messageAndErrorBody, messageBody, validationBody, type Answer } from '../http/answers';
import { ApiError, inClientLanguage, ValidationError } from '../http/errors';
import { LANGUAGES, type Lang } from '../http/language';

/** The text of an answer, as the shared bodies describe it. */
const text = () => messageBody.shape.message;

/** The body keys that carry a refusal's text (§7.1), in the order they are written. */
type TextKeys = readonly ['message'] | readonly ['error'] | readonly ['message', 'error'];

/**
 * One reason's answer, as data: its status, the body's keys, its texts and when it is given (§7). `R` is the domain's
 * refusal of that reason, which fills the text's placeholders. The body is `{message, error, code, errors}` with the
 * keys the entry names, in that order; a 422 is `{message, code?, errors}` and becomes a redirect for a client that
 * does not expect JSON, as every validation failure does (§4.1).
 */
export interface RefusalAnswer<R> {
	status: number;
	/** When it is given, in a sentence that names the spec's section (Markdown). */
	when: string;
	/** Which of `message` and `error` carry the text (a 422: `message`). */
	as: TextKeys;
	/** The machine-readable `code` (§7.3). */
	code?: string;
	/**
	 * The `errors` key that carries the text too (a 422 needs one), also the text's `:attribute` with spaces for
	 * underscores, as Laravel names a field. Only a 422 without `code` may take it from the refusal, or several keys,
	 * each with its own text.
	 */
	errors?: string | ((refusal: R) => string | readonly string[]);
	/** The text in each language, with `:name` placeholders; or a text kept with the validation rules that use it too. */
	text: Readonly<Record<Lang, string>> | ((lang: Lang, vars: Vars) => string);
	/** The placeholders' values. */
	vars?: (refusal: R) => Vars;
	/** A name under which the reference describes the body once (a body with `errors` that is not a 422). */
	bodyId?: string;
}

type Refusal = { reason: string };

/** The refusals of `R` with this reason (also those of a member whose `reason` is a union). */
type WithReason<R, Reason> = R extends { reason: infer Own } ? (Reason extends Own ? R & { reason: Reason } : never) : never;

/** One entry per reason of the domain's refusal type `R`: a missing or unknown reason fails the type check. */
export type RefusalTable<R extends Refusal> = {
	readonly [Reason in R['reason']]: RefusalAnswer<WithReason<R, Reason>>;
};

/** An area's answers table, and what derives from it. */
export interface AreaAnswers<R extends Refusal> {
	/** The answers of these reasons, for a method's `refusals` (and so for the API reference). */
	for(...reasons: readonly R['reason'][]): Answer[];
	/** The refusal as the error a method throws, in the client's language; the access log gets the English text. */
	error(lang: Lang, refusal: R): ApiError;
}

const TEXT_BODIES: Readonly<Record<string, z.ZodType>> = {
	// By `as`, joined.
	message: messageBody,
	error: errorBody,
	'message,error': messageAndErrorBody,
};

/** Bodies by their `bodyId`: an entry that two areas share (a list's 404) names its body once. */
const namedBodies = new Map<string, z.ZodType>();

/** The entry's body as the reference describes it; the shared shapes by their names. */
function bodyOf(entry: RefusalAnswer<never>): z.ZodType {
	if (entry.bodyId === undefined) return newBodyOf(entry);
	const named = namedBodies.get(entry.bodyId) ?? newBodyOf(entry);
	namedBodies.set(entry.bodyId, named);
	return named;
}

function newBodyOf(entry: RefusalAnswer<never>): z.ZodType {
	const key = typeof entry.errors === 'string' ? entry.errors : undefined;
	if (entry.status === 422) return entry.code === undefined ? validationBody : codedValidationBody(entry.code, key!);
	if (entry.code === undefined && entry.errors === undefined) return TEXT_BODIES[entry.as.join()];
	const body = z.object({
		...Object.fromEntries(entry.as.map((name) => [name, text()])),
		...(entry.code === undefined ? {} : { code: z.literal(entry.code) }),
		...(key === undefined ? {} : { errors: z.object({ [key]: z.array(z.string()).length(1) }) }),
	});
	if (entry.bodyId === undefined) return body;
	const keys = [...entry.as, ...(key === undefined ? [] : [`errors.${key}`])].map((name) => `\`${name}\``);
	return body.meta({ id: entry.bodyId, description: `One text as ${keys.slice(0, -1).join(', ')} and ${keys.at(-1)}.` });
}

/** Refuses at start-up an entry whose answer the rules above cannot build. */
function check(reason: string, entry: RefusalAnswer<never>): void {
	const refuse = (problem: string) => {
		throw new Error(`The answer to ${reason}: ${problem}.`);
	};
	if (entry.status === 422 && (entry.errors === undefined || entry.as.join() !== 'message'))
		refuse('a 422 carries its text as `message` and under an `errors` key');
	if (typeof entry.errors === 'function' && (entry.status !== 422 || entry.code !== undefined))
		refuse('only a 422 without `code` may take its `errors` key from the refusal');
}

/** A text in each language, as a function of the language and the placeholders' values. */
function textOf(text: RefusalAnswer<never>['text']): (lang: Lang, vars: Vars) => string {
	if (typeof text === 'function') return text;
	const message = defineMessages(
		Object.fromEntries(LANGUAGES.map((lang) => [lang, { text: text[lang] }])) as Record<Lang, { text: string }>,
	);
	return (lang, vars) => message(lang, 'text', vars);
}

/** The error of one refusal in one language. */
function errorOf<R>(entry: RefusalAnswer<R>, refusal: R, lang: Lang, say: (lang: Lang, vars: Vars) => string): ApiError {
	const keys = typeof entry.errors === 'function' ? entry.errors(refusal) : entry.errors;
	const textOf = (key: string | undefined) =>
		say(lang, { ...(key === undefined ? {} : { attribute: key.replace(/_/g, ' ') }), ...entry.vars?.(refusal) });
	const code = entry.code === undefined ? {} : { code: entry.code };
	if (typeof keys === 'object') {
		// Several fields of a 422 refused for one reason, each with its own text, summarized as a validation is.
		const errors = Object.fromEntries(keys.map((key) => [key, [textOf(key)]]));
		return new ValidationError(errors, summarize(errors, lang), code);
	}
	const key = keys;
	const text = textOf(key);
	if (entry.status === 422) return new ValidationError({ [key!]: [text] }, text, code);
	return new ApiError(entry.status, {
		...Object.fromEntries(entry.as.map((name) => [name, text])),
		...code,
		...(key === undefined ? {} : { errors: { [key]: [text] } }),
	});
}

/**
 * Builds an area's answers from its table (`api/<area>/answers.ts`): the thrown errors and the reference's answers
 * both come from the one entry of each reason.
 */
export function refusalAnswers<R extends Refusal>(table: RefusalTable<R>): AreaAnswers<R> {
	// Each entry is read with its own reason's refusal, which the table's type ensures.
	const entries = table as unknown as Readonly<Record<string, RefusalAnswer<R>>>;
	const answers: Record<string, Answer> = {};
	const texts: Record<string, (lang: Lang, vars: Vars) => string> = {};
	for (const [reason, entry] of Object.entries(entries)) {
		check(reason, entry);
		answers[reason] = { status: entry.status, when: entry.when, body: bodyOf(entry) };
		texts[reason] = textOf(entry.text);
	}
	return {
		for: (...reasons) => reasons.map((reason) => answers[reason]),
		error: (lang, refusal) =>
			inClientLanguage(lang, (language) => errorOf(entries[refusal.reason], refusal, language, texts[refusal.reason])),
	};
}
