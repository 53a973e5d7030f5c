/**
 * Whether a client of the API gets its validation failure as a JSON 422 or as the platform's redirect back (§4.1,
 * §7.1). The platform runs Laravel, whose `expectsJson()` decides this; the spec's "send `Accept: application/json`"
 * is its common case. Laravel's rule, reproduced here edge for edge:
 *
 * - `wantsJson()`: the first type of `Accept`, once its items are ranked by quality (`q`, equal ones keep their order),
 *   contains `/json` or `+json`, in any case. Only that first type counts: `text/html, application/json` is a redirect.
 * - or an XHR (`X-Requested-With: XMLHttpRequest`, exactly) that is not PJAX (`X-PJAX` missing, empty or `0`) and
 *   accepts anything: `Accept` missing, empty, or with `*` or `*` `/` `*` as its first type.
 *
 * So the defaults of fetch, httpx and requests (`Accept: *` `/` `*`) get a JSON 422 only with `X-Requested-With`, and
 * axios's `application/json, text/plain, *` `/` `*` always does.
 */
import type { Request } from 'express';

export function expectsJson(req: Request): boolean {
	const first = firstAcceptedType(req.headers.accept ?? '');
	if (first !== undefined && /[/+]json/.test(first.toLowerCase())) return true;
	return isXhr(req) && !isPjax(req) && (first === undefined || first === '*/*' || first === '*');
}

// Compared exactly, as Symfony's `isXmlHttpRequest()` does.
const isXhr = (req: Request) => req.headers['x-requested-with'] === 'XMLHttpRequest';

// PHP's `$header == true`: any value but none, an empty one and "0".
const isPjax = (req: Request) => {
	const value = req.headers['x-pjax'];
	return value !== undefined && value !== '' && value !== '0';
};

/**
 * The type an `Accept` header ranks first, as Symfony's `AcceptHeader` ranks them: items split at commas and their
 * parameters at semicolons (neither inside quotes), empty ones skipped; a type named twice keeps its last quality and
 * place; then highest `q` first, equal ones in the order they came. Undefined when the header names no type.
 */
function firstAcceptedType(header: string): string | undefined {
	let first: { type: string; quality: number; index: number } | undefined;
	const ranked = new Map<string, { quality: number; index: number }>();
	splitOutsideQuotes(header, ',').forEach((item, index) => {
		const [head, ...parameters] = splitOutsideQuotes(item, ';');
		if (head === undefined) return;
		const type = unquote(head.split('=', 1)[0].trim());
		let quality = 1;
		for (const parameter of parameters) {
			const [name, value] = splitAtFirst(parameter, '=');
			if (name.trim().toLowerCase() === 'q') quality = value === undefined ? 1 : phpFloat(unquote(value.trim()));
		}
		ranked.set(type, { quality, index });
	});
	for (const [type, { quality, index }] of ranked) {
		if (!first || quality > first.quality || (quality === first.quality && index < first.index)) first = { type, quality, index };
	}
	return first?.type;
}

/** The non-empty, trimmed pieces of `text` between `separator`s that are not inside a quoted string. */
function splitOutsideQuotes(text: string, separator: string): string[] {
	const pieces: string[] = [];
	let piece = '';
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (quoted && char === '\\' && i + 1 < text.length) {
			piece += char + text[++i];
			continue;
		}
		if (char === '"') quoted = !quoted;
		if (char === separator && !quoted) {
			pieces.push(piece);
			piece = '';
		} else piece += char;
	}
	pieces.push(piece);
	return pieces.map((p) => p.trim()).filter((p) => p !== '');
}

function splitAtFirst(text: string, separator: string): [string, string | undefined] {
	const at = text.indexOf(separator);
	return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** Quotes removed and backslash escapes resolved. */
const unquote = (text: string) => text.replace(/\\(.)|"/g, '$1');

/** PHP's `(float)` of a string: its leading number, else 0 (`q=abc` ranks an item last, not first). */
function phpFloat(text: string): number {
	const number = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(text);
	return number ? Number(number[0].trim()) : 0;
}
