/**
 * A stored document, kept as its BSON bytes: a contact costs about a third of its decoded JavaScript object, the
 * garbage collector has no object graph to walk per document, and a query that needs no projection answers with
 * the stored bytes as they are (see `wire/raw-documents.ts`). A document is decoded only where it is read as
 * values: to test a filter the index bounds do not settle, to update it, to project it.
 *
 * `seq` orders records by insertion (natural order) and breaks ties between equal index keys. An update stores
 * new bytes; bytes already handed to a cursor or a reply never change.
 */
import { deserialize, serialize } from 'bson';
import type { PlainObject } from '../bson/types';

export class DocRecord {
	constructor(
		readonly seq: number,
		public bson: Uint8Array,
	) {}

	/** A fresh decoded copy: callers may change it freely. */
	get doc(): PlainObject {
		return decodeDocument(this.bson);
	}
}

export function encodeDocument(doc: PlainObject): Uint8Array {
	// Fields set to undefined are left out, as in every reply.
	return serialize(doc, { ignoreUndefined: true });
}

export function decodeDocument(bytes: Uint8Array): PlainObject {
	return deserialize(bytes);
}
