/**
 * Replies that carry stored documents as they are: a `RawDocuments` value anywhere in a reply is written as a BSON
 * array of those documents' bytes, without decoding and encoding them again. Everything else is encoded by `bson`.
 */
import { serialize, type Document } from 'bson';
import { isPlainObject } from '../bson/types';

export class RawDocuments {
	constructor(readonly documents: readonly Uint8Array[]) {}
}

const EMBEDDED_DOCUMENT = 0x03;
const ARRAY = 0x04;

export function encodeReply(reply: Document): Uint8Array {
	if (!holdsRawDocuments(reply)) return serialize(reply, { ignoreUndefined: true });
	const elements: Uint8Array[] = [];
	for (const [key, value] of Object.entries(reply)) {
		if (value === undefined) continue;
		if (value instanceof RawDocuments) elements.push(element(ARRAY, key, arrayOf(value.documents)));
		else if (isPlainObject(value) && holdsRawDocuments(value)) elements.push(element(EMBEDDED_DOCUMENT, key, encodeReply(value)));
		else {
			const single = serialize({ [key]: value }, { ignoreUndefined: true });
			elements.push(single.subarray(4, single.length - 1));
		}
	}
	return documentOf(elements);
}

function holdsRawDocuments(document: Document): boolean {
	return Object.values(document).some(
		(value) => value instanceof RawDocuments || (isPlainObject(value) && holdsRawDocuments(value)),
	);
}

/** A BSON array of embedded documents: keys "0", "1", ..., written in one buffer. */
function arrayOf(documents: readonly Uint8Array[]): Uint8Array {
	let length = 4 + 1;
	for (let i = 0; i < documents.length; i++) length += 1 + String(i).length + 1 + documents[i].length;
	const out = Buffer.allocUnsafe(length);
	out.writeInt32LE(length, 0);
	let offset = 4;
	for (let i = 0; i < documents.length; i++) {
		out[offset++] = EMBEDDED_DOCUMENT;
		offset += out.write(String(i), offset, 'latin1');
		out[offset++] = 0;
		out.set(documents[i], offset);
		offset += documents[i].length;
	}
	out[offset] = 0;
	return out;
}

/** Type byte, key as a C string, value. */
function element(type: number, key: string, value: Uint8Array): Uint8Array {
	const name = Buffer.from(key, 'utf8');
	const out = Buffer.allocUnsafe(1 + name.length + 1 + value.length);
	out[0] = type;
	name.copy(out, 1);
	out[1 + name.length] = 0;
	out.set(value, 2 + name.length);
	return out;
}

/** int32 total length, the elements, a terminating zero. */
function documentOf(elements: readonly Uint8Array[]): Uint8Array {
	const length = 4 + elements.reduce((sum, part) => sum + part.length, 0) + 1;
	const out = Buffer.allocUnsafe(length);
	out.writeInt32LE(length, 0);
	let offset = 4;
	for (const part of elements) {
		out.set(part, offset);
		offset += part.length;
	}
	out[offset] = 0;
	return out;
}
