/**
 * Replies that carry stored documents as they are: a `RawDocuments` value anywhere in a reply is written as a BSON
 * array of those documents' bytes, a `RawDocument` as one embedded document, without decoding and encoding them
 * again. Everything else is encoded by `bson`.
 *
 * A reply is measured first and then written once, header included, into the one buffer that goes to the socket:
 * an export page is about half a megabyte, and each intermediate copy was an allocation outside the JS heap that
 * pushed V8 into a full collection of the emulator's heap (all stored documents) every second or so (profiled).
 */
import { serialize, type Document } from 'bson';
import { isPlainObject } from '../bson/types';

export class RawDocuments {
	constructor(readonly documents: readonly Uint8Array[]) {}
}

/** One document's bytes, written as an embedded document (findAndModify's `value`). */
export class RawDocument {
	constructor(readonly bytes: Uint8Array) {}
}

const EMBEDDED_DOCUMENT = 0x03;
const ARRAY = 0x04;

/** An encoded value, known by its length before it is written. */
export interface SizedBytes {
	readonly length: number;
	/** Writes the bytes at `offset` of `out`, which has room for them. */
	writeTo(out: Uint8Array, offset: number): void;
}

/** `prefix` (e.g. a message header) then the reply document, in one buffer; `prefix` fills its first bytes. */
export function encodeMessage(reply: Document, prefixLength: number, writePrefix: (out: Buffer, length: number) => void): Buffer {
	const body = encodeReply(reply);
	const out = Buffer.allocUnsafe(prefixLength + body.length);
	writePrefix(out, out.length);
	body.writeTo(out, prefixLength);
	return out;
}

export function encodeReply(reply: Document): SizedBytes {
	if (!holdsRawDocuments(reply)) return bytes(serialize(reply, { ignoreUndefined: true }));
	const elements: SizedBytes[] = [];
	for (const [key, value] of Object.entries(reply)) {
		if (value === undefined) continue;
		if (value instanceof RawDocuments) elements.push(element(ARRAY, key, arrayOf(value.documents)));
		else if (value instanceof RawDocument) elements.push(element(EMBEDDED_DOCUMENT, key, bytes(value.bytes)));
		else if (isPlainObject(value) && holdsRawDocuments(value)) elements.push(element(EMBEDDED_DOCUMENT, key, encodeReply(value)));
		else {
			const single = serialize({ [key]: value }, { ignoreUndefined: true });
			elements.push(bytes(single.subarray(4, single.length - 1)));
		}
	}
	return documentOf(elements);
}

function holdsRawDocuments(document: Document): boolean {
	return Object.values(document).some(
		(value) =>
			value instanceof RawDocuments || value instanceof RawDocument || (isPlainObject(value) && holdsRawDocuments(value)),
	);
}

function bytes(value: Uint8Array): SizedBytes {
	return { length: value.length, writeTo: (out, offset) => out.set(value, offset) };
}

/** A BSON array of embedded documents: keys "0", "1", ... */
function arrayOf(documents: readonly Uint8Array[]): SizedBytes {
	let length = 4 + 1;
	for (let i = 0; i < documents.length; i++) length += 1 + decimalDigits(i) + 1 + documents[i].length;
	return {
		length,
		writeTo(out, start) {
			writeInt32(out, start, length);
			let offset = start + 4;
			for (let i = 0; i < documents.length; i++) {
				out[offset++] = EMBEDDED_DOCUMENT;
				offset = writeDecimal(out, offset, i);
				out[offset++] = 0;
				out.set(documents[i], offset);
				offset += documents[i].length;
			}
			out[offset] = 0;
		},
	};
}

/** Type byte, key as a C string, value. */
function element(type: number, key: string, value: SizedBytes): SizedBytes {
	const name = Buffer.from(key, 'utf8');
	return {
		length: 1 + name.length + 1 + value.length,
		writeTo(out, offset) {
			out[offset] = type;
			out.set(name, offset + 1);
			out[offset + 1 + name.length] = 0;
			value.writeTo(out, offset + 2 + name.length);
		},
	};
}

/** int32 total length, the elements, a terminating zero. */
function documentOf(elements: readonly SizedBytes[]): SizedBytes {
	const length = 4 + elements.reduce((sum, part) => sum + part.length, 0) + 1;
	return {
		length,
		writeTo(out, start) {
			writeInt32(out, start, length);
			let offset = start + 4;
			for (const part of elements) {
				part.writeTo(out, offset);
				offset += part.length;
			}
			out[offset] = 0;
		},
	};
}

function writeInt32(out: Uint8Array, offset: number, value: number): void {
	out[offset] = value & 0xff;
	out[offset + 1] = (value >>> 8) & 0xff;
	out[offset + 2] = (value >>> 16) & 0xff;
	out[offset + 3] = (value >>> 24) & 0xff;
}

function decimalDigits(value: number): number {
	let digits = 1;
	for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits += 1;
	return digits;
}

/** The ASCII digits of a non-negative integer; returns the offset after them. */
function writeDecimal(out: Uint8Array, offset: number, value: number): number {
	const end = offset + decimalDigits(value);
	let rest = value;
	for (let at = end - 1; at >= offset; at--) {
		out[at] = 0x30 + (rest % 10);
		rest = Math.floor(rest / 10);
	}
	return end;
}
