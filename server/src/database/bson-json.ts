/**
 * What the export encoders (`contact-export-encoder.ts`, `list-item-export-encoder.ts`) write JSON with: reading
 * stored BSON documents in place, and one output buffer that a page is written into synchronously, then copied out
 * as a string. Each encoder writes its JSON exactly as `JSON.stringify` writes its presenter's result, and throws
 * `notWrittenHere` for a document of a shape it leaves to that presenter.
 *
 * Strings are copied as their UTF-8 bytes with JSON's escapes: BSON strings written by a driver from JavaScript
 * strings are always well-formed UTF-8 (a lone surrogate is stored as U+FFFD), so there is nothing else to escape.
 */

// BSON element types read here.
export const DOUBLE = 0x01;
export const STRING = 0x02;
export const DOCUMENT = 0x03;
export const ARRAY = 0x04;
export const OBJECT_ID = 0x07;
export const BOOLEAN = 0x08;
export const DATE = 0x09;
export const NULL = 0x0a;
export const INT32 = 0x10;
export const INT64 = 0x12;

/** How the driver decodes a reply (its defaults), for the documents the encoders leave to a presenter. */
export const DRIVER_DECODING = { promoteLongs: true, promoteValues: true, promoteBuffers: false, bsonRegExp: false };

/** Thrown (and caught by the encoders) when a document is of a shape left to the presenter. */
class NotWrittenHere extends Error {}
export const notWrittenHere = new NotWrittenHere();

/**
 * Field names to slots, matched on the bytes without making a string of each name: a name's length and its first
 * and last bytes pick a bucket, a short chain of candidates, whose bytes are then compared. A list's slugs get one
 * each page, so the table is small (1 KB) rather than an entry for every length and first byte.
 */
export class FieldNames {
	private readonly heads = new Int32Array(256).fill(-1);
	private readonly next: Int32Array;
	private readonly names: Buffer[];

	constructor(names: readonly string[]) {
		this.names = names.map((name) => Buffer.from(name, 'utf8'));
		this.next = new Int32Array(names.length).fill(-1);
		// Chained in reverse, so that the first slot of a bucket is tried first.
		for (let slot = this.names.length - 1; slot >= 0; slot--) {
			const name = this.names[slot];
			const bucket = bucketOf(name, 0, name.length);
			this.next[slot] = this.heads[bucket];
			this.heads[bucket] = slot;
		}
	}

	/** The slot of the name in `bytes` from `start` to `end` (its NUL), or -1. */
	slotOf(bytes: Buffer, start: number, end: number): number {
		const length = end - start;
		if (length === 0) return -1;
		for (let slot = this.heads[bucketOf(bytes, start, end)]; slot !== -1; slot = this.next[slot]) {
			const name = this.names[slot];
			if (name.length !== length) continue;
			let i = 0;
			while (i < length && bytes[start + i] === name[i]) i++;
			if (i === length) return slot;
		}
		return -1;
	}
}

const bucketOf = (bytes: Buffer, start: number, end: number) =>
	end === start ? 0 : (((end - start) * 31) ^ (bytes[start] * 7) ^ bytes[end - 1]) & 0xff;

/** Each name's slot, by name, for `FieldNames` over `names`. */
export function slotsOf<N extends string>(names: readonly N[]): Record<N, number> {
	return Object.fromEntries(names.map((name, slot) => [name, slot])) as Record<N, number>;
}

export const ascii = (text: string) => Buffer.from(text, 'latin1');
const ESCAPES: readonly (Buffer | undefined)[] = Array.from({ length: 0x60 }, (_, byte) => {
	if (byte === 0x22 || byte === 0x5c || byte < 0x20) return ascii(JSON.stringify(String.fromCharCode(byte)).slice(1, -1));
	return undefined;
});

/** The output, grown as needed and reused. */
const OUT_SIZE = 1 << 20;
let out = Buffer.allocUnsafe(OUT_SIZE);
let pos = 0;

/** Starts a new text. */
export function begin(): void {
	pos = 0;
}

/** Where the next byte goes. */
export const position = () => pos;

/** The text written since `begin`. After a page of a few huge documents the output is let go, rather than kept at that size. */
export function finish(): string {
	const text = out.toString('utf8', 0, pos);
	if (out.length > 4 * OUT_SIZE) out = Buffer.allocUnsafe(OUT_SIZE);
	return text;
}

/** `finish`, as the UTF-8 bytes (a copy: the output is reused), for an answer written as it is, never decoded. */
export function finishBytes(): Buffer {
	const bytes = Buffer.allocUnsafe(pos);
	out.copy(bytes, 0, 0, pos);
	if (out.length > 4 * OUT_SIZE) out = Buffer.allocUnsafe(OUT_SIZE);
	return bytes;
}

function ensure(bytes: number): void {
	if (pos + bytes <= out.length) return;
	const grown = Buffer.allocUnsafe(Math.max(out.length * 2, pos + bytes));
	out.copy(grown, 0, 0, pos);
	out = grown;
}

/** A little-endian int32, without Buffer's argument checks: the hot path reads several per field. */
export const int32 = (bytes: Buffer, at: number) =>
	bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24);

export function writeAscii(text: string): void {
	ensure(text.length);
	const target = out;
	let at = pos;
	for (let i = 0; i < text.length; i++) target[at++] = text.charCodeAt(i);
	pos = at;
}

export function writeBytes(bytes: Buffer): void {
	ensure(bytes.length);
	const target = out;
	let at = pos;
	for (let i = 0; i < bytes.length; i++) target[at++] = bytes[i];
	pos = at;
}

/** Any text (a presenter's JSON), as UTF-8. */
export function writeText(text: string): void {
	ensure(Buffer.byteLength(text));
	pos += out.write(text, pos, 'utf8');
}

/** The key with its quotes and colon, and a comma before it unless it is the first member (UTF-8: slugs may be any letters). */
export const keyBytes = (key: string, first: boolean) => Buffer.from(`${first ? '' : ','}${JSON.stringify(key)}:`, 'utf8');

/** Members after `mark` were written each with a comma before it; the first must have none. */
export function dropLeadingComma(mark: number): void {
	if (pos > mark && out[mark] === 0x2c) {
		out.copyWithin(mark, mark + 1, pos);
		pos -= 1;
	}
}

/** A document's fields by slot: where each value starts and its type (0 when absent). */
export class Fields {
	readonly types: Uint8Array;
	readonly starts: Int32Array;
	constructor(size: number) {
		this.types = new Uint8Array(size);
		this.starts = new Int32Array(size);
	}
}

/** Where the element after a value of `type` at `at` starts. */
function skipValue(bytes: Buffer, type: number, at: number): number {
	switch (type) {
		case DOUBLE:
		case DATE:
		case 0x11: // timestamp
		case INT64:
			return at + 8;
		case STRING:
		case 0x0d: // code
		case 0x0e: // symbol
			return at + 4 + int32(bytes, at);
		case DOCUMENT:
		case ARRAY:
		case 0x0f: // code with scope
			return at + int32(bytes, at);
		case 0x05: // binary
			return at + 5 + int32(bytes, at);
		case 0x06: // undefined
		case NULL:
		case 0xff: // min key
		case 0x7f: // max key
			return at;
		case OBJECT_ID:
			return at + 12;
		case BOOLEAN:
			return at + 1;
		case 0x0b: // regex: two C strings
			return bytes.indexOf(0, bytes.indexOf(0, at) + 1) + 1;
		case 0x0c: // DBPointer
			return at + 4 + int32(bytes, at) + 12;
		case INT32:
			return at + 4;
		case 0x13: // decimal128
			return at + 16;
		default:
			throw notWrittenHere;
	}
}

/**
 * Reads the document at `at` into `fields` by the slots of the names in `slots`; other fields are passed over.
 * A field named twice, or a name starting with `$` (a DBRef decodes as an object of its own), is not written here.
 */
export function readFields(bytes: Buffer, at: number, slots: { slotOf: FieldNames['slotOf'] }, fields: Fields): void {
	fields.types.fill(0);
	const end = at + int32(bytes, at) - 1;
	let cursor = at + 4;
	while (cursor < end) {
		const type = bytes[cursor];
		const nameEnd = nameEndOf(bytes, cursor + 1, end);
		if (bytes[cursor + 1] === 0x24) throw notWrittenHere;
		const slotOfName = slots.slotOf(bytes, cursor + 1, nameEnd);
		const valueAt = nameEnd + 1;
		if (slotOfName !== -1) {
			if (fields.types[slotOfName] !== 0) throw notWrittenHere;
			fields.types[slotOfName] = type;
			fields.starts[slotOfName] = valueAt;
		}
		cursor = nextElement(bytes, type, valueAt);
	}
}

/** Where an element's name ends (its NUL), before the document's end; a name without one is malformed. */
function nameEndOf(bytes: Buffer, start: number, end: number): number {
	let at = start;
	while (at < end && bytes[at] !== 0) at++;
	if (at >= end) throw notWrittenHere;
	return at;
}

/** skipValue, refusing a length that would go backwards (malformed bytes are left to the decoder to refuse). */
function nextElement(bytes: Buffer, type: number, valueAt: number): number {
	const next = skipValue(bytes, type, valueAt);
	if (next < valueAt) throw notWrittenHere;
	return next;
}

/** The elements of the array at `at`, each given to `each` with its type and where its value starts. */
export function forEachElement(bytes: Buffer, at: number, each: (type: number, valueAt: number) => void): void {
	const end = at + int32(bytes, at) - 1;
	let cursor = at + 4;
	while (cursor < end) {
		const type = bytes[cursor];
		const valueAt = nameEndOf(bytes, cursor + 1, end) + 1;
		each(type, valueAt);
		cursor = nextElement(bytes, type, valueAt);
	}
}

/** The string's bytes, escaped as JSON.stringify escapes them, in quotes. */
export function writeString(bytes: Buffer, at: number): void {
	const start = at + 4;
	const end = start + int32(bytes, at) - 1;
	ensure((end - start) * 6 + 2);
	// Locals, not the module's variables, in the loop: it runs for every byte of every string.
	const target = out;
	let to = pos;
	target[to++] = 0x22;
	for (let i = start; i < end; i++) {
		const byte = bytes[i];
		const escape = byte < 0x60 ? ESCAPES[byte] : undefined;
		if (escape === undefined) target[to++] = byte;
		else for (let j = 0; j < escape.length; j++) target[to++] = escape[j];
	}
	target[to++] = 0x22;
	pos = to;
}

export const readString = (bytes: Buffer, at: number) => bytes.toString('utf8', at + 4, at + 3 + int32(bytes, at));

/** A BSON date's milliseconds; one a Date cannot hold (its toISOString would throw) is not written here. */
export function timeOf(bytes: Buffer, at: number): number {
	const time = int32(bytes, at + 4) * 4294967296 + (int32(bytes, at) >>> 0);
	if (!(Math.abs(time) <= 8.64e15)) throw notWrittenHere;
	return time;
}

export const dateOf = (bytes: Buffer, at: number) => new Date(timeOf(bytes, at));

/** A double or an int32 as its number. */
export const numberAt = (bytes: Buffer, type: number, at: number) => (type === INT32 ? int32(bytes, at) : bytes.readDoubleLE(at));

/** A scalar as JSON.stringify writes its decoded value. */
export function writeScalar(bytes: Buffer, type: number, at: number): void {
	switch (type) {
		case STRING:
			return writeString(bytes, at);
		case NULL:
			return writeAscii('null');
		case INT32:
			return writeInteger(int32(bytes, at));
		case DOUBLE:
			return writeNumber(bytes.readDoubleLE(at));
		case BOOLEAN:
			return writeAscii(bytes[at] === 0 ? 'false' : 'true');
		case DATE:
			return writeAscii(`"${dateOf(bytes, at).toISOString()}"`);
		default:
			throw notWrittenHere;
	}
}

/** A number as JSON.stringify writes it; an integer's digits directly, without making a string of them. */
function writeNumber(value: number): void {
	if (Number.isSafeInteger(value)) writeInteger(value);
	else writeAscii(JSON.stringify(value));
}

const DIGITS = new Uint8Array(20);

/** A safe integer's digits (-0 as `0`, as JSON.stringify writes it). */
export function writeInteger(value: number): void {
	ensure(17);
	let rest = value < 0 ? -value : value;
	let count = 0;
	do {
		DIGITS[count++] = 0x30 + (rest % 10);
		rest = Math.floor(rest / 10);
	} while (rest > 0);
	const target = out;
	let to = pos;
	if (value < 0) target[to++] = 0x2d;
	while (count > 0) target[to++] = DIGITS[--count];
	pos = to;
}

/** A member whose value is a scalar field; none when the field is absent (its value would be undefined). */
export function writeMember(key: Buffer, bytes: Buffer, fields: Fields, slotOfField: number): void {
	const type = fields.types[slotOfField];
	if (type === 0) return;
	writeBytes(key);
	writeScalar(bytes, type, fields.starts[slotOfField]);
}

const HEX_DIGITS = ascii('0123456789abcdef');

/** `length` bytes from `at` as lower-case hex, in quotes (an ObjectId's `toHexString`). */
export function writeHex(bytes: Buffer, at: number, length: number): void {
	ensure(length * 2 + 2);
	const target = out;
	let to = pos;
	target[to++] = 0x22;
	for (let i = at; i < at + length; i++) {
		target[to++] = HEX_DIGITS[bytes[i] >> 4];
		target[to++] = HEX_DIGITS[bytes[i] & 15];
	}
	target[to++] = 0x22;
	pos = to;
}

const DAY = 86_400_000;
/** Days from 1970-01-01 to 0000-01-01 and to 9999-12-31: the years `toISOString` writes with four digits. */
const FIRST_DAY = -719_528;
const LAST_DAY = 2_932_896;
/**
 * The second last written, as `"YYYY-MM-DDTHH:MM:SS+00:00"`, and its day: the items of a page are mostly of a few
 * days, and an item's two times are often the same second.
 */
let lastDay = NaN;
let lastSecond = NaN;
const secondText = Buffer.from('"0000-00-00T00:00:00+00:00"', 'latin1');
/**
 * A time as `isoWithOffset` (`contract/timestamps.ts`) writes it, in quotes: `"2024-05-01T10:20:30+00:00"` (UTC,
 * whole seconds). False, with nothing written, outside the years 0 to 9999.
 */
export function writeIsoWithOffset(time: number): boolean {
	const second = Math.floor(time / 1000);
	if (second !== lastSecond) {
		const days = Math.floor(time / DAY);
		if (!(days >= FIRST_DAY && days <= LAST_DAY)) return false;
		if (days !== lastDay) {
			const [year, month, day] = civilDate(days);
			secondText.write(
				`"${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T`,
				'latin1',
			);
			lastDay = days;
		}
		const seconds = second - days * (DAY / 1000);
		writeTwoDigits(secondText, 12, Math.floor(seconds / 3600));
		writeTwoDigits(secondText, 15, Math.floor(seconds / 60) % 60);
		writeTwoDigits(secondText, 18, seconds % 60);
		lastSecond = second;
	}
	ensure(secondText.length);
	const target = out;
	let to = pos;
	for (let i = 0; i < secondText.length; i++) target[to++] = secondText[i];
	pos = to;
	return true;
}

function writeTwoDigits(target: Buffer, at: number, value: number): void {
	target[at] = 0x30 + Math.floor(value / 10);
	target[at + 1] = 0x30 + (value % 10);
}

/** Year, month and day of a day count from 1970-01-01 (proleptic Gregorian; Howard Hinnant's civil_from_days). */
function civilDate(days: number): [number, number, number] {
	const z = days + 719_468;
	const era = Math.floor(z / 146_097);
	const dayOfEra = z - era * 146_097;
	const yearOfEra = Math.floor(
		(dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
	);
	const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
	const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
	const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
	const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
	return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/** Whether the BSON strings at `a` and `b` are the same (their bytes, length word included). */
export function sameString(bytes: Buffer, a: number, b: number): boolean {
	const length = int32(bytes, a) + 4;
	for (let i = 0; i < length; i++) if (bytes[a + i] !== bytes[b + i]) return false;
	return true;
}

export const asBuffer = (bytes: Uint8Array) =>
	Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Runs `write` from the current position; false, with nothing written, when it threw `notWrittenHere`. */
export function writtenOrRewound(write: () => void): boolean {
	const start = pos;
	try {
		write();
		return true;
	} catch (error) {
		if (error !== notWrittenHere) throw error;
		pos = start;
		return false;
	}
}
