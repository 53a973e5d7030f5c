/**
 * The hostile-input corpus: values and encodings that a careless or malicious client sends, crossed with the
 * parameters each method declares in its own input schema. Generated, not listed: a new method or parameter is
 * covered as soon as its schema exists.
 */
import { gzipSync } from 'node:zlib';
import type { TestServer } from './test-server';

/** A zod 4 schema as far as the corpus reads it: its definition. */
export interface InputSchema {
	_zod: {
		def: {
			type: string;
			innerType?: InputSchema;
			in?: InputSchema;
			out?: InputSchema;
			element?: InputSchema;
			shape?: Record<string, InputSchema>;
		};
	};
}

/** Parameter paths of an input schema: its keys, and one level into objects and arrays of objects (`fields.0.slug`). */
export function parameterPaths(schema: InputSchema): string[] {
	const paths: string[] = [];
	for (const [key, inner] of Object.entries(objectShape(schema) ?? {})) {
		paths.push(key);
		const unwrapped = unwrap(inner);
		const { type, element: arrayElement } = unwrapped._zod.def;
		const element = type === 'array' && arrayElement ? unwrap(arrayElement) : undefined;
		const nested = objectShape(element ?? unwrapped);
		for (const sub of Object.keys(nested ?? {})) paths.push(element ? `${key}.0.${sub}` : `${key}.${sub}`);
	}
	return paths;
}

/** Through optional, nullable, default and pipes (preprocess, transform) to the schema that holds the shape. */
function unwrap(schema: InputSchema): InputSchema {
	let current = schema;
	for (;;) {
		const def = current._zod.def;
		if (def.innerType) current = def.innerType;
		else if (def.type === 'pipe') current = def.in!._zod.def.type === 'transform' ? def.out! : def.in!;
		else return current;
	}
}

function objectShape(schema: InputSchema): Record<string, InputSchema> | undefined {
	const unwrapped = unwrap(schema);
	return unwrapped._zod.def.type === 'object' ? unwrapped._zod.def.shape : undefined;
}

/** `params` with `value` at the dotted `path` (creating objects and arrays on the way), copied. */
export function withValueAt(params: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
	const copy = structuredClone(params);
	const keys = path.split('.');
	let target: Record<string, unknown> = copy;
	keys.slice(0, -1).forEach((key, i) => {
		const next = target[key];
		if (next === null || typeof next !== 'object') target[key] = /^\d+$/.test(keys[i + 1]) ? [] : {};
		target = target[key] as Record<string, unknown>;
	});
	target[keys[keys.length - 1]] = value;
	return copy;
}

const nestedArray = (depth: number): unknown => {
	let value: unknown = 1;
	for (let i = 0; i < depth; i++) value = [value];
	return value;
};

const nestedObject = (depth: number): unknown => {
	let value: unknown = 'deep';
	for (let i = 0; i < depth; i++) value = { a: value };
	return value;
};

/** Values no parameter of this API should take as they are, each with a name for failure messages. */
export function hostileValues(): Array<[string, unknown]> {
	return [
		['array nested 3000 deep', nestedArray(3000)],
		['object nested 40 deep', nestedObject(40)],
		['100,000-character string', 'x'.repeat(100_000)],
		['256-character string', 'y'.repeat(256)],
		['lone high surrogate', '\ud800'],
		['lone low surrogate inside text', 'a\udc00b@example.com'],
		['NUL inside text', 'a\u0000b'],
		['operator $gt', { $gt: '' }],
		['operator $ne', { $ne: null }],
		['operator $where', { $where: 'sleep(1000)' }],
		['array of strings', ['1', '2']],
		['empty array', []],
		['empty object', {}],
		['prototype pollution', JSON.parse('{"__proto__": {"polluted": true}}')],
		['constructor pollution', { constructor: { prototype: { polluted: true } } }],
		['__proto__ string', '__proto__'],
		['constructor string', 'constructor'],
		['zero', 0],
		['negative', -1],
		['fraction', 1.5],
		['10^14 + 1', 100_000_000_000_001],
		['2^53 + 2', 2 ** 53 + 2],
		['1e308', 1e308],
		['-1e308', -1e308],
		['exponent string', '1e3'],
		['hex string', '0x10'],
		['Infinity string', 'Infinity'],
		['true', true],
		['whitespace', '   '],
		['path traversal', '../../etc/passwd'],
		['markup', '<script>alert(1)</script>'],
		['right-to-left override', '\u202egnp.exe'],
		['300 emoji', '😀'.repeat(300)],
		['impossible date', '2024-13-45T25:61:61Z'],
	];
}

export type Encoding = 'json' | 'form' | 'query' | 'multipart';

export const ENCODINGS: readonly Encoding[] = ['json', 'form', 'query', 'multipart'];

export interface RawCall {
	method: string;
	url: string;
	headers: Record<string, string>;
	body?: string | Buffer | FormData;
}

/**
 * Bracket-notation pairs (`a[b][0]=c`) of nested parameters, without recursion: qs.stringify runs out of stack on
 * the deepest values. Null and empty containers become an empty value, as a form would send them.
 */
function bracketPairs(params: Record<string, unknown>): URLSearchParams {
	const pairs = new URLSearchParams();
	const pending: Array<[string, unknown]> = Object.entries(params).reverse();
	while (pending.length > 0) {
		const [name, value] = pending.pop()!;
		const entries = value !== null && typeof value === 'object' ? Object.entries(value) : undefined;
		if (entries && entries.length > 0) {
			pending.push(...entries.reverse().map(([key, inner]): [string, unknown] => [`${name}[${key}]`, inner]));
		} else pairs.append(name, entries || value === null || value === undefined ? '' : String(value));
	}
	return pairs;
}

/** The parameters as one request in `encoding` (query: GET with a query string; the others: POST bodies). */
export function encode(
	url: string,
	params: Record<string, unknown>,
	encoding: Encoding,
	headers: Record<string, string>,
): RawCall {
	const flat = () => bracketPairs(params).toString();
	switch (encoding) {
		case 'json':
			return { method: 'POST', url, headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(params) };
		case 'form':
			return { method: 'POST', url, headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' }, body: flat() };
		case 'query':
			return { method: 'GET', url: `${url}?${flat()}`, headers };
		case 'multipart': {
			const form = new FormData();
			for (const [name, value] of bracketPairs(params)) form.append(name, value);
			return { method: 'POST', url, headers, body: form };
		}
	}
}

/** 16 MB of spaces in 16 KB: decompressed, it is far over the body limit. Made once. */
let gzipBomb: Buffer | undefined;

/** Whole requests that are wrong as requests, whatever their parameters. */
export function hostileRequests(url: string, headers: Record<string, string>): Array<[string, RawCall]> {
	const post = (contentHeaders: Record<string, string>, body: string | Buffer): RawCall => ({
		method: 'POST',
		url,
		headers: { ...headers, ...contentHeaders },
		body,
	});
	const json = { 'Content-Type': 'application/json' };
	const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
	const manyParameters = Array.from({ length: 5001 }, (_, i) => `p${i}=1`).join('&');
	const deepForm = `x${'[a]'.repeat(33)}=1`;
	const boundary = 'corpus-boundary';
	const multipart = (parts: string) => post({ 'Content-Type': `multipart/form-data; boundary=${boundary}` }, parts);
	return [
		['gzip header, plain JSON body', post({ ...json, 'Content-Encoding': 'gzip' }, '{"a":1}')],
		['br header, plain JSON body', post({ ...json, 'Content-Encoding': 'br' }, '{"a":1}')],
		['deflate header, plain form body', post({ ...form, 'Content-Encoding': 'deflate' }, 'a=1')],
		['unknown content encoding', post({ ...json, 'Content-Encoding': 'compress-9000' }, '{"a":1}')],
		[
			'gzip bomb (16 MB of zeros)',
			post({ ...json, 'Content-Encoding': 'gzip' }, (gzipBomb ??= gzipSync(Buffer.alloc(16 * 1024 * 1024, 32)))),
		],
		['gzip of malformed JSON', post({ ...json, 'Content-Encoding': 'gzip' }, gzipSync('{"a":'))],
		['malformed JSON', post(json, '{"a":')],
		['JSON array body', post(json, '[1,2]')],
		['JSON string body', post(json, '"text"')],
		['JSON null body', post(json, 'null')],
		['JSON with an unknown charset', post({ 'Content-Type': 'application/json; charset=x-unknown' }, '{}')],
		['JSON in UTF-7', post({ 'Content-Type': 'application/json; charset=utf-7' }, '{}')],
		['form with an unknown charset', post({ 'Content-Type': 'application/x-www-form-urlencoded; charset=x-unknown' }, 'a=1')],
		['form body sent as JSON', post(json, 'a=1&b=2')],
		['JSON body sent as text/plain', post({ 'Content-Type': 'text/plain' }, '{"a":1}')],
		['unparseable content type', post({ 'Content-Type': 'application/json; ;;=' }, '{}')],
		['body over 1 MB', post(json, JSON.stringify({ a: 'z'.repeat(1_100_000) }))],
		['form with 5001 parameters', post(form, manyParameters)],
		['form nested 33 deep', post(form, deepForm)],
		['form with malformed %-escapes', post(form, 'a=%E0%A4%A&%ZZ=1&b=%')],
		['query with 5001 parameters', { method: 'GET', url: `${url}?${manyParameters}`, headers }],
		['query nested 33 deep', { method: 'GET', url: `${url}?${deepForm}`, headers }],
		['query with malformed %-escapes', { method: 'GET', url: `${url}?a=%E0%A4%A&b=%`, headers }],
		['multipart without a boundary', post({ 'Content-Type': 'multipart/form-data' }, 'x')],
		['multipart cut short', multipart(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1`)],
		[
			'multipart with a file part',
			multipart(
				`--${boundary}\r\nContent-Disposition: form-data; name="doc"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n` +
					`hello\r\n--${boundary}--\r\n`,
			),
		],
		[
			'multipart, gzip header, plain body',
			post({ 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Encoding': 'gzip' }, 'x'),
		],
	];
}

/** Every collection's documents, except the users' rate windows that every authenticated call moves by design (§8). */
export async function storedState(t: TestServer): Promise<string> {
	const db = t.server.database.connection.db!;
	const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
	const state: Record<string, unknown> = {};
	for (const name of names) {
		const projection = name === 'users' ? { rateWindow: 0 } : {};
		state[name] = await db.collection(name).find({}, { projection }).sort({ _id: 1 }).toArray();
	}
	return JSON.stringify(state);
}
