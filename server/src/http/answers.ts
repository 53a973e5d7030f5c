/**
 * Answers as data: a status, when it is given and what it carries. API methods and admin routes declare theirs
 * with these, and `GET /openapi.json` is built from the declarations, so nothing is answered without being
 * described. The answers that this HTTP machinery gives on its own, whatever the method, are declared here too.
 */
import { z } from 'zod';

export interface AnswerHeader {
	/** A name under which the reference describes the header once and refers to it elsewhere. */
	id?: string;
	description: string;
	schema: z.ZodType;
	/** Present on every answer of this kind (otherwise only in some cases, which `description` says). */
	required?: boolean;
}

export interface Answer {
	/** A name under which the reference describes the answer once and refers to it elsewhere. */
	id?: string;
	status: number;
	/** When it is given, in a sentence that names the spec's section (Markdown). */
	when: string;
	/** The JSON body; none for 204 and redirects. */
	body?: z.ZodType;
	/** The body's media type when it is not `application/json` (a download); `body` then describes one of its records. */
	mediaType?: string;
	headers?: Readonly<Record<string, AnswerHeader>>;
}

/** Texts follow Accept-Language and may change (§7.1): clients rely on statuses, `code` and `errors` keys. */
const text = () => z.string().meta({ description: 'Human-readable; follows Accept-Language and may change (§7.1).' });

/** `{error}` (§7.1). */
export const errorBody = z.object({ error: text() }).meta({ id: 'Error' });

/** `{message}` (§7.1). */
export const messageBody = z.object({ message: text() }).meta({ id: 'Message' });

/** `{message, error}`, one text twice (§4.4, §4.5). */
export const messageAndErrorBody = z.object({ message: text(), error: text() }).meta({ id: 'MessageAndError' });

const fieldTexts = () => z.array(z.string()).min(1);

/** `{message, errors}`: every failed field under its dotted name, e.g. `fields.0.slug` (§7.1). */
export const validationBody = z
	.object({ message: text(), errors: z.record(z.string(), fieldTexts()) })
	.meta({ id: 'ValidationError', description: 'Every failed field with its reasons, nested keys dotted (§7.1).' });

/** A 422 with a machine-readable `code` and the failed field (§7.3). */
export function codedValidationBody(code: string, field: string) {
	return z.object({ message: text(), code: z.literal(code), errors: z.object({ [field]: fieldTexts() }) });
}

/** `{error, code}` (§5.6, §9). */
export function codedErrorBody(code: string) {
	return z.object({ error: text(), code: z.literal(code) });
}

/** Seconds, as an integer in a string. */
const seconds = () => z.string().regex(/^\d+$/);

export const retryAfter = (when: string): AnswerHeader => ({
	description: `Seconds to wait ${when}.`,
	schema: seconds(),
	required: true,
});

/** The rate headers (§8), on every answer once the key is known. */
export const rateHeaders: Record<string, AnswerHeader> = {
	'X-RateLimit-Limit': {
		id: 'RateLimitLimit',
		description: 'Requests allowed per minute for the account (§8).',
		schema: seconds(),
	},
	'X-RateLimit-Remaining': {
		id: 'RateLimitRemaining',
		description: 'Requests left in the current minute (§8).',
		schema: seconds(),
	},
};

/** On every answer of a deprecated method, until its sunset (§9). */
export const deprecationHeaders: Record<string, AnswerHeader> = {
	Deprecation: { id: 'Deprecation', description: '`true` while the method is deprecated (§9).', schema: z.literal('true') },
	Sunset: { id: 'Sunset', description: 'The switch-off date, as an HTTP date (§9).', schema: z.string() },
};

/** A request that Node's HTTP parser or the router refuses, whatever the route (`client-error.ts`, `error-handler.ts`). */
export const requestAnswers: readonly Answer[] = [
	{
		id: 'MalformedRequest',
		status: 400,
		when: 'The request is not valid HTTP, or its path has a malformed %-escape.',
		body: messageBody,
	},
	{ id: 'RequestTimeout', status: 408, when: 'The request took too long to arrive.', body: messageBody },
	{
		id: 'ChunkExtensionsTooLarge',
		status: 413,
		when: 'The chunk extensions of a chunked body are over 16 KB.',
		body: messageBody,
	},
	{
		id: 'HeadersTooLarge',
		status: 431,
		when: 'The URL and headers are over 16 KB together.',
		body: messageBody,
	},
];

/** A body that cannot be read, whatever the route (`body-parsers.ts`, `form-encoding.ts`). */
export const bodyAnswers: readonly Answer[] = [
	{
		id: 'MalformedBody',
		status: 400,
		when:
			'The body is not valid JSON, form data or multipart, does not decompress as its `Content-Encoding` says, ' +
			'or is not an object; or it nests parameters more than 32 levels deep.',
		body: messageBody,
	},
	{
		id: 'BodyTooLarge',
		status: 413,
		when: 'The body is larger than 1 MB, or has more than 5000 parameters.',
		body: messageBody,
	},
	{
		id: 'UnsupportedEncoding',
		status: 415,
		when: 'The body is in an encoding or charset the server does not read.',
		body: messageBody,
	},
];

/** A query string past the limits of forms (`form-encoding.ts`): read by the API, not by the admin API. */
export const queryAnswers: readonly Answer[] = [
	{
		id: 'QueryTooDeep',
		status: 400,
		when: 'The query string nests parameters more than 32 levels deep.',
		body: messageBody,
	},
	{ id: 'QueryTooLarge', status: 413, when: 'The query string has more than 5000 parameters.', body: messageBody },
];

/** Too many failed authentications within a minute (`auth-throttle.ts`, `api-key-throttle.ts`). */
export function failedAuthenticationThrottled(when: string, id: string): Answer {
	return {
		id,
		status: 429,
		when,
		body: messageBody,
		headers: { 'Retry-After': retryAfter('until the address may try again') },
	};
}

export const databaseUnavailableAnswer: Answer = {
	id: 'DatabaseUnavailable',
	status: 503,
	when: 'The database cannot be reached right now; the call may be repeated.',
	body: messageBody,
	headers: { 'Retry-After': retryAfter('before trying again') },
};

/** What every API method can answer whatever its parameters, besides its access answers (`api/access.ts`). */
export const apiTransportAnswers: readonly Answer[] = [
	...requestAnswers,
	...queryAnswers,
	...bodyAnswers,
	databaseUnavailableAnswer,
];

/**
 * What a call answers when a parameter is missing or invalid (§4.1, §7.1). Any call with a body can: a file part
 * of a multipart body is refused under its field's name, files being no parameters of this API.
 */
export const validationFailed: Answer = {
	status: 422,
	when: 'A parameter is missing or invalid, or sent as a file, and the client expects JSON (see the redirect).',
	body: validationBody,
};

/** The API's answer to the same when the client does not expect JSON, as on the platform; the admin API never redirects. */
export const validationAnswers: readonly Answer[] = [
	validationFailed,
	{
		id: 'ValidationRedirect',
		status: 302,
		when:
			'A parameter is missing or invalid, or sent as a file, and the client does not expect JSON: a redirect back ' +
			'(§4.1), with the body the 422 would have. A client expects JSON, as Laravel decides it, when the first type ' +
			'of its `Accept` (ranked by `q`) contains `/json` or `+json`, or when it sends `X-Requested-With: ' +
			'XMLHttpRequest` without `X-PJAX` and its `Accept` is missing, empty or starts with `*/*`.',
		headers: {
			Location: { description: 'The `Referer`, else the root of the server.', schema: z.string(), required: true },
		},
		body: validationBody,
	},
];

/** Success bodies wrap the result in `data` (§4.1). */
export const dataOf = <T extends z.ZodType>(result: T) => z.object({ data: result });
