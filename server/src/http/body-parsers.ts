/**
 * Request bodies (§4.1): JSON, and form fields either urlencoded or as `multipart/form-data`. express's readers
 * take each body (size limit, `Content-Encoding`, charset) and their errors keep their 4xx status; both form
 * encodings are then read by one bracket grammar (`form-encoding.ts`), so they give the same parameters, rules and
 * errors. Files are not parameters of this API: a file part is a 422 under its field's name, and is never kept.
 */
import { Busboy } from '@fastify/busboy';
import express, { type Request, type RequestHandler } from 'express';
import { inClientLanguage, ValidationError } from './errors';
import { bracketText, MAX_PARAMETERS, parseBracketParameters, tooManyParameters } from './form-encoding';
import { requestLanguage, type Lang } from './language';

/** Bodies are small on this API; the cap keeps a hostile client from exhausting memory. */
export const BODY_LIMIT = '1mb';

const URLENCODED = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';

/** `fields[0][name]` as the dotted key of §7.1, `fields.0.name`. */
const dottedKey = (bracketName: string) =>
	bracketName
		.split(/[[\]]+/)
		.filter((segment) => segment !== '')
		.join('.') || 'input';

/** Worded after Laravel's language files, as the validation texts are (`contract/kit/validation-messages.ts`). */
const NOT_A_FILE: Record<Lang, string> = {
	en: 'The :attribute field must be text, not a file.',
	ru: 'Поле :attribute должно быть текстом, а не файлом.',
};

const fileRefused = (req: Request, name: string) => {
	const attribute = dottedKey(name);
	return inClientLanguage(requestLanguage(req), (language) => {
		const text = NOT_A_FILE[language].replace(':attribute', () => attribute);
		return new ValidationError({ [attribute]: [text] }, text);
	});
};

/** The form fields of a multipart body already read into memory, in order; a file part refuses the whole body. */
function multipartFields(req: Request, body: Buffer): Promise<[string, string][]> {
	return new Promise((resolve, reject) => {
		const fields: [string, string][] = [];
		let refusal: Error | undefined;
		let parser;
		try {
			parser = Busboy({
				headers: req.headers as { 'content-type': string },
				limits: { fields: MAX_PARAMETERS, fieldSize: body.length, fieldNameSize: 1024 },
			});
		} catch (error) {
			// A multipart type without a usable boundary.
			reject(Object.assign(error as Error, { status: 400, expose: true, type: 'entity.parse.failed' }));
			return;
		}
		parser.on('field', (name, value) => fields.push([name, value]));
		parser.on('file', (name, stream) => {
			refusal ??= fileRefused(req, name);
			stream.resume();
		});
		parser.on('fieldsLimit', () => (refusal ??= tooManyParameters()));
		parser.on('error', (error) =>
			reject(Object.assign(error as Error, { status: 400, expose: true, type: 'entity.parse.failed' })),
		);
		parser.on('finish', () => (refusal ? reject(refusal) : resolve(fields)));
		parser.end(body);
	});
}

/**
 * Whether the request carries a body, as the readers decide it (type-is's `hasBody`): a `Transfer-Encoding`, or a
 * `Content-Length` (zero included).
 */
function hasBody(req: Request): boolean {
	return req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length']));
}

/**
 * Reads the body into `req.body` as a plain object of parameters (or leaves it undefined when there is none), in
 * one middleware: a request without a body (most API calls) passes no reader at all. Each reader leaves a body of
 * another type, or one already read, to the next.
 */
export function readBody(): RequestHandler {
	const readers: RequestHandler[] = [
		express.json({ limit: BODY_LIMIT }),
		express.text({ type: URLENCODED, limit: BODY_LIMIT }),
		express.raw({ type: MULTIPART, limit: BODY_LIMIT }),
	];
	/** A form's text, or a multipart body's bytes, read by the one bracket grammar; JSON is already an object. */
	const asParameters = async (req: Request) => {
		if (typeof req.body === 'string' && req.is(URLENCODED)) req.body = parseBracketParameters(req.body);
		else if (Buffer.isBuffer(req.body) && req.is(MULTIPART)) {
			req.body = parseBracketParameters(bracketText(await multipartFields(req, req.body)));
		}
	};
	return (req, res, next) => {
		if (!hasBody(req)) return next();
		const readFrom = (index: number) => (error?: unknown) => {
			if (error) return next(error);
			if (index < readers.length) return void readers[index](req, res, readFrom(index + 1));
			asParameters(req).then(() => next(), next);
		};
		readFrom(0)();
	};
}
