/**
 * JSON text for API answers. Plain JS objects always list integer-like keys ("2024") first, whatever the
 * insertion order, so a map whose order matters (a list's `fields`, §2.1) is built as an `OrderedObject`,
 * which is written in its own order. Everything else goes through the native JSON.stringify without a replacer:
 * a replacer is a JS call per value, and made a 1000-contact page several times slower to write (profiled).
 * Text already written as JSON (an export page's contacts, see `database/contact-export-encoder.ts`) is a
 * `JsonText`, set in as it is; when it is UTF-8 bytes (a list's export page), `toJsonBody` answers bytes too, so
 * the page is never decoded to a string and encoded back for the socket.
 */
import { randomUUID } from 'node:crypto';

interface Call {
	/** Made when first needed: most answers hold no OrderedObject. */
	marker: string | undefined;
	ordered: Array<string | Buffer>;
}

/** The call of `toJsonText` under way (JSON.stringify is synchronous, so there is at most one per level). */
let current: Call | undefined;

/** Stands `text` in as a placeholder string that no data can contain (a fresh UUID), swapped back after. */
function placeholder(call: Call, text: string | Buffer): string {
	call.marker ??= `ordered-object:${randomUUID()}:`;
	call.ordered.push(text);
	return `${call.marker}${call.ordered.length - 1}`;
}

export class OrderedObject {
	constructor(readonly entries: ReadonlyArray<readonly [string, unknown]>) {}

	/** Called by JSON.stringify: stands in a placeholder that `toJsonText` swaps for the ordered text. */
	toJSON(): unknown {
		if (!current) return Object.fromEntries(this.entries);
		return placeholder(current, writeOrdered(this));
	}
}

/** JSON text written elsewhere (a string, or its UTF-8 bytes), set into the answer as it is. */
export class JsonText {
	constructor(readonly text: string | Buffer) {}

	/** Called by JSON.stringify: a placeholder, as for an OrderedObject; outside `toJsonText`, the value it writes. */
	toJSON(): unknown {
		if (!current) return JSON.parse(this.text.toString());
		return placeholder(current, this.text);
	}
}

function writeOrdered(object: OrderedObject): string {
	const members: string[] = [];
	for (const [key, value] of object.entries) {
		// As JSON.stringify does, members whose value has no JSON form are left out.
		if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
		members.push(`${JSON.stringify(key)}:${toJsonText(value)}`);
	}
	return `{${members.join(',')}}`;
}

/**
 * Each OrderedObject (and JsonText) is first written as a placeholder string that no data can contain (a fresh UUID),
 * then the placeholder is swapped for the object's own text.
 */
export function toJsonText(value: unknown): string {
	const pieces = toJsonPieces(value);
	return typeof pieces === 'string' ? pieces : pieces.map((piece) => piece.toString()).join('');
}

/** `toJsonText`, as UTF-8 bytes when a JsonText of bytes is in it (written to the socket as they are). */
export function toJsonBody(value: unknown): string | Buffer {
	const pieces = toJsonPieces(value);
	if (typeof pieces === 'string') return pieces;
	if (pieces.every((piece) => typeof piece === 'string')) return pieces.join('');
	return Buffer.concat(pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece)));
}

/** The JSON text, or its pieces in order when placeholders were swapped: the text around them and what they stand for. */
function toJsonPieces(value: unknown): string | Array<string | Buffer> {
	const outer = current;
	const call: Call = { marker: undefined, ordered: [] };
	current = call;
	let text: string | undefined;
	try {
		text = JSON.stringify(value);
	} finally {
		current = outer;
	}
	if (text === undefined) return 'null';
	if (call.marker === undefined) return text;
	// Spliced, not replaced by a regular expression: an export page's text is most of the answer.
	const opening = `"${call.marker}`;
	const pieces: Array<string | Buffer> = [];
	let from = 0;
	for (let at = text.indexOf(opening); at !== -1; at = text.indexOf(opening, from)) {
		const closing = text.indexOf('"', at + opening.length);
		pieces.push(text.slice(from, at), call.ordered[Number(text.slice(at + opening.length, closing))]);
		from = closing + 1;
	}
	pieces.push(text.slice(from));
	return pieces;
}
