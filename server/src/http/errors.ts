/**
 * Errors that become HTTP answers. Handlers throw them; `error-handler.ts` writes them.
 * Bodies follow §7.1: 401 {error}, 402 {error, code}, 403 {error}, 404 {error} or {message}, 410 {error, code},
 * 422 {message, errors}, 429 {message}.
 */
import type { Lang } from './language';

export class ApiError extends Error {
	/** What the access log says of the refusal: the message, in English whatever the client's language. */
	logText: string;

	constructor(
		readonly status: number,
		readonly body: Record<string, unknown>,
		readonly headers: Record<string, string> = {},
	) {
		super(typeof body.message === 'string' ? body.message : String(body.error ?? status));
		this.logText = this.message;
	}
}

/**
 * A refusal in the client's language, whose log text is the English one: operators read the log, and one language
 * there keeps it searchable. `make` builds the refusal in a given language; it runs twice only for other languages.
 */
export function inClientLanguage<E extends ApiError>(lang: Lang, make: (lang: Lang) => E): E {
	const error = make(lang);
	if (lang !== 'en') error.logText = make('en').message;
	return error;
}

/** Field name (dotted for nested values, e.g. `fields.0.slug`) to its failure texts. */
export type FieldErrors = Record<string, string[]>;

/**
 * A 422. Kept distinct because without `Accept: application/json` it becomes a redirect (§4.1, §7.1). `message`
 * sums the failures up (`contract/kit/validation.ts` words it as Laravel does; one failure is its own summary).
 */
export class ValidationError extends ApiError {
	/**
	 * Set as the failure leaves the API router, the platform's Laravel-compatible surface: there, a client that does
	 * not expect JSON gets a redirect back instead (§4.1, `error-handler.ts`). The admin API never redirects.
	 */
	redirectsUnlessJson = false;

	constructor(
		readonly errors: FieldErrors,
		message: string,
		extra: Record<string, unknown> = {},
	) {
		super(422, { message, ...extra, errors });
	}
}

/** 422 for one field, whose text (in `_lang`) is also the summary, optionally with a machine-readable `code` (§7.3). */
export function fieldError(_lang: Lang, field: string, text: string, code?: string): ValidationError {
	return new ValidationError({ [field]: [text] }, text, code === undefined ? {} : { code });
}

export const unauthorized = () => new ApiError(401, { error: 'unauthorized' });

export const forbidden = (error: string) => new ApiError(403, { error });

export const notFound = (error: string) => new ApiError(404, { error });

/** 429 to a client that failed to authenticate too often (an API key or the admin token). */
export const tooManyFailedAttempts = (retryAfterSeconds: number) =>
	new ApiError(429, { message: 'Too many failed authentication attempts.' }, { 'Retry-After': String(retryAfterSeconds) });
