/**
 * The export encoder: the JSON text of contacts written straight from their stored BSON bytes, exactly as
 * `JSON.stringify` writes `presentContact` (`contract/contacts/presenter.ts`) of the decoded document. An export page
 * is 1,000 contacts: decoding them into objects, presenting and stringifying them was most of its request-thread
 * time (profiled), and none of those objects outlives the answer. The member names and their order mirror the
 * presenter's (§2.4); `server/test/database/contact-export-encoder.test.ts` holds the two to the same text for any contact.
 *
 * Only the shapes the server stores are written here: fields of null, string, number, boolean and date values,
 * `tags` as an array of such values, `variables` as an array of documents of such values. A contact with anything
 * else (a nested `payload`, an int64, a duplicate field, a `$` field, a repeated utm name) is decoded and handed to
 * the caller's presenter, so every contact comes out the same either way.
 *
 * Strings are copied as their UTF-8 bytes with JSON's escapes: BSON strings written by a driver from JavaScript
 * strings are always well-formed UTF-8 (a lone surrogate is stored as U+FFFD), so there is nothing else to escape.
 */
import { mongo } from 'mongoose';
import { MESSENGERS, type ContactDoc, type Messenger } from '../models/contact';

// BSON element types read here.
const DOUBLE = 0x01;
const STRING = 0x02;
const DOCUMENT = 0x03;
const ARRAY = 0x04;
const BOOLEAN = 0x08;
const DATE = 0x09;
const NULL = 0x0a;
const INT32 = 0x10;

/** How the driver decodes a reply (its defaults), for the contacts this module leaves to the presenter. */
const DRIVER_DECODING = { promoteLongs: true, promoteValues: true, promoteBuffers: false, bsonRegExp: false };

/** Thrown (and caught here) when a contact is of a shape this writer leaves to the presenter. */
class NotWrittenHere extends Error {}
const notWrittenHere = new NotWrittenHere();

const CONTACT_FIELDS = [
	'_id',
	'botId',
	'phone',
	'email',
	'name',
	'address',
	'messenger',
	'avatar',
	'messengerId',
	'username',
	'createdAt',
	'unsubscribedAt',
	'tags',
	'variables',
] as const;
const VARIABLE_FIELDS = ['id', 'name', 'value', 'type', 'schemaId', 'deletable', 'payload'] as const;

/**
 * Field names to slots, matched on the bytes without making a string of each name: a name's length and first byte
 * pick the one candidate (unique among the names read), whose bytes are then compared.
 */
class FieldNames {
	private readonly candidates = new Int8Array(1 << 16).fill(-1);
	private readonly names: Buffer[];

	constructor(names: readonly string[]) {
		this.names = names.map((name) => Buffer.from(name, 'latin1'));
		this.names.forEach((name, slot) => {
			const shape = (name.length << 8) | name[0];
			if (this.candidates[shape] !== -1) throw new Error(`field names of the same shape: ${name.toString()}`);
			this.candidates[shape] = slot;
		});
	}

	/** The slot of the name in `bytes` from `start` to `end` (its NUL), or -1. */
	slotOf(bytes: Buffer, start: number, end: number): number {
		const length = end - start;
		if (length > 0xff) return -1;
		const slot = this.candidates[(length << 8) | bytes[start]];
		if (slot === -1) return -1;
		const name = this.names[slot];
		for (let i = 1; i < length; i++) if (bytes[start + i] !== name[i]) return -1;
		return slot;
	}
}

const CONTACT_SLOTS = new FieldNames(CONTACT_FIELDS);
const VARIABLE_SLOTS = new FieldNames(VARIABLE_FIELDS);
const slot = (names: readonly string[], name: string) => names.indexOf(name);
const C = Object.fromEntries(CONTACT_FIELDS.map((name) => [name, slot(CONTACT_FIELDS, name)])) as Record<
	(typeof CONTACT_FIELDS)[number],
	number
>;
const V = Object.fromEntries(VARIABLE_FIELDS.map((name) => [name, slot(VARIABLE_FIELDS, name)])) as Record<
	(typeof VARIABLE_FIELDS)[number],
	number
>;

const ascii = (text: string) => Buffer.from(text, 'latin1');
const ESCAPES: readonly (Buffer | undefined)[] = Array.from({ length: 0x60 }, (_, byte) => {
	if (byte === 0x22 || byte === 0x5c || byte < 0x20) return ascii(JSON.stringify(String.fromCharCode(byte)).slice(1, -1));
	return undefined;
});

/** The output, grown as needed and reused: a page is written synchronously, then copied out as a string. */
const OUT_SIZE = 1 << 20;
let out = Buffer.allocUnsafe(OUT_SIZE);
let pos = 0;

/** After a page of a few huge contacts the output is let go, rather than kept at that size for good. */
function releaseLargeOutput(): void {
	if (out.length > 4 * OUT_SIZE) out = Buffer.allocUnsafe(OUT_SIZE);
}

function ensure(bytes: number): void {
	if (pos + bytes <= out.length) return;
	const grown = Buffer.allocUnsafe(Math.max(out.length * 2, pos + bytes));
	out.copy(grown, 0, 0, pos);
	out = grown;
}

/** A little-endian int32, without Buffer's argument checks: the hot path reads several per field. */
const int32 = (bytes: Buffer, at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24);

function writeAscii(text: string): void {
	ensure(text.length);
	const target = out;
	let at = pos;
	for (let i = 0; i < text.length; i++) target[at++] = text.charCodeAt(i);
	pos = at;
}

function writeBytes(bytes: Buffer): void {
	ensure(bytes.length);
	const target = out;
	let at = pos;
	for (let i = 0; i < bytes.length; i++) target[at++] = bytes[i];
	pos = at;
}

/** The key with its quotes and colon, and a comma before it unless it is the first member. */
const keyBytes = (key: string, first: boolean) => ascii(`${first ? '' : ','}${JSON.stringify(key)}:`);

/** A document's fields by slot: where each value starts and its type (0 when absent). */
class Fields {
	readonly types: Uint8Array;
	readonly starts: Int32Array;
	constructor(size: number) {
		this.types = new Uint8Array(size);
		this.starts = new Int32Array(size);
	}
}

const contactFields = new Fields(CONTACT_FIELDS.length);
const variableFields = new Fields(VARIABLE_FIELDS.length);

/** Where the element after a value of `type` at `at` starts. */
function skipValue(bytes: Buffer, type: number, at: number): number {
	switch (type) {
		case DOUBLE:
		case DATE:
		case 0x11: // timestamp
		case 0x12: // int64
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
		case 0x07: // ObjectId
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
function readFields(bytes: Buffer, at: number, slots: FieldNames, fields: Fields): void {
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

/** The string's bytes, escaped as JSON.stringify escapes them, in quotes. */
function writeString(bytes: Buffer, at: number): void {
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

/** Whether the BSON strings at `a` and `b` are the same (their bytes, length word included). */
function sameString(bytes: Buffer, a: number, b: number): boolean {
	const length = int32(bytes, a) + 4;
	for (let i = 0; i < length; i++) if (bytes[a + i] !== bytes[b + i]) return false;
	return true;
}

/** The messengers as BSON strings (length word, bytes, NUL), to be told apart without decoding. */
const MESSENGER_STRINGS = MESSENGERS.map((name) => {
	const bson = Buffer.alloc(name.length + 5);
	bson.writeInt32LE(name.length + 1, 0);
	bson.write(name, 4, 'latin1');
	return [name, bson] as const;
});

function messengerAt(bytes: Buffer, at: number): Messenger | undefined {
	for (const [name, bson] of MESSENGER_STRINGS) {
		let i = 0;
		while (i < bson.length && bytes[at + i] === bson[i]) i++;
		if (i === bson.length) return name;
	}
	return undefined;
}

const readString = (bytes: Buffer, at: number) => bytes.toString('utf8', at + 4, at + 3 + int32(bytes, at));

function dateOf(bytes: Buffer, at: number): Date {
	const date = new Date(int32(bytes, at + 4) * 4294967296 + bytes.readUInt32LE(at));
	if (Number.isNaN(date.getTime())) throw notWrittenHere;
	return date;
}

/** A scalar as JSON.stringify writes its decoded value. */
function writeScalar(bytes: Buffer, type: number, at: number): void {
	switch (type) {
		case STRING:
			return writeString(bytes, at);
		case NULL:
			return writeAscii('null');
		case INT32:
			return writeAscii(String(int32(bytes, at)));
		case DOUBLE:
			return writeAscii(JSON.stringify(bytes.readDoubleLE(at)));
		case BOOLEAN:
			return writeAscii(bytes[at] === 0 ? 'false' : 'true');
		case DATE:
			return writeAscii(`"${dateOf(bytes, at).toISOString()}"`);
		default:
			throw notWrittenHere;
	}
}

/** A member whose value is a scalar field; none when the field is absent (its value would be undefined). */
function writeMember(key: Buffer, bytes: Buffer, fields: Fields, slotOfField: number): void {
	const type = fields.types[slotOfField];
	if (type === 0) return;
	writeBytes(key);
	writeScalar(bytes, type, fields.starts[slotOfField]);
}

/** The elements of the array at `at`, each given to `each` with its type and where its value starts. */
function forEachElement(bytes: Buffer, at: number, each: (type: number, valueAt: number) => void): void {
	const end = at + int32(bytes, at) - 1;
	let cursor = at + 4;
	while (cursor < end) {
		const type = bytes[cursor];
		const valueAt = nameEndOf(bytes, cursor + 1, end) + 1;
		each(type, valueAt);
		cursor = nextElement(bytes, type, valueAt);
	}
}

const K = {
	id: keyBytes('id', true),
	bot_id: keyBytes('bot_id', false),
	phone: keyBytes('phone', false),
	email: keyBytes('email', false),
	name: keyBytes('name', false),
	address: keyBytes('address', false),
	messenger: keyBytes('messenger', false),
	utm: keyBytes('utm', false),
	avatar: keyBytes('avatar', false),
	telegram_id: keyBytes('telegram_id', false),
	telegram_username: keyBytes('telegram_username', false),
	max_user_id: keyBytes('max_user_id', false),
	max_username: keyBytes('max_username', false),
	vk_user_id: keyBytes('vk_user_id', false),
	viber_id: keyBytes('viber_id', false),
	created_at: keyBytes('created_at', false),
	unsubscribed_at: keyBytes('unsubscribed_at', false),
	tags: keyBytes('tags', false),
	variables: keyBytes('variables', false),
};
const VK = {
	id: keyBytes('id', true),
	name: keyBytes('name', false),
	value: keyBytes('value', false),
	type: keyBytes('type', false),
	schema_id: keyBytes('schema_id', false),
	deletable: keyBytes('deletable', false),
	payload: keyBytes('payload', false),
};
const NULL_VK_USER_ID = ascii(',"vk_user_id":null');

/** `utm` (see `utmOf` in the presenter): the variables named `utm_*` as an object, or `[]` when there are none. */
function writeUtm(bytes: Buffer, variablesAt: number): void {
	const names: number[] = [];
	let opened = false;
	forEachElement(bytes, variablesAt, (type, valueAt) => {
		if (type !== DOCUMENT) throw notWrittenHere;
		readFields(bytes, valueAt, VARIABLE_SLOTS, variableFields);
		if (variableFields.types[V.name] !== STRING) throw notWrittenHere;
		const nameAt = variableFields.starts[V.name];
		// "utm_" as bytes: the name's length word (with its NUL), then its first four bytes.
		if (int32(bytes, nameAt) < 5 || bytes.readUInt32LE(nameAt + 4) !== 0x5f6d7475) return;
		// A name given twice keeps its first place and its last value in Object.fromEntries: left to the presenter.
		if (names.some((earlier) => sameString(bytes, earlier, nameAt))) throw notWrittenHere;
		names.push(nameAt);
		const valueType = variableFields.types[V.value];
		// A missing value is undefined, and its member left out.
		if (valueType === 0) return;
		writeAscii(opened ? ',' : '{');
		opened = true;
		writeString(bytes, nameAt);
		writeAscii(':');
		writeScalar(bytes, valueType, variableFields.starts[V.value]);
	});
	if (names.length === 0) writeAscii('[]');
	else writeAscii(opened ? '}' : '{}');
}

function writeVariables(bytes: Buffer, at: number): void {
	writeAscii('[');
	let first = true;
	forEachElement(bytes, at, (type, valueAt) => {
		if (type !== DOCUMENT) throw notWrittenHere;
		readFields(bytes, valueAt, VARIABLE_SLOTS, variableFields);
		writeAscii(first ? '{' : ',{');
		first = false;
		const f = variableFields;
		// The first member written must not carry a comma, whichever it is.
		const mark = pos;
		writeMember(VK.id, bytes, f, V.id);
		writeMember(VK.name, bytes, f, V.name);
		writeMember(VK.value, bytes, f, V.value);
		writeMember(VK.type, bytes, f, V.type);
		writeMember(VK.schema_id, bytes, f, V.schemaId);
		writeMember(VK.deletable, bytes, f, V.deletable);
		writeMember(VK.payload, bytes, f, V.payload);
		dropLeadingComma(mark);
		writeAscii('}');
	});
	writeAscii(']');
}

/** Members after `mark` were written each with a comma before it; the first must have none. */
function dropLeadingComma(mark: number): void {
	if (pos > mark && out[mark] === 0x2c) {
		out.copyWithin(mark, mark + 1, pos);
		pos -= 1;
	}
}

function writeTags(bytes: Buffer, at: number): void {
	writeAscii('[');
	let first = true;
	forEachElement(bytes, at, (type, valueAt) => {
		if (!first) writeAscii(',');
		first = false;
		writeScalar(bytes, type, valueAt);
	});
	writeAscii(']');
}

/** `Number(messengerId)` of the presenter, for MAX and VK contacts. */
function writeMessengerNumber(key: Buffer, bytes: Buffer, fields: Fields): void {
	const type = fields.types[C.messengerId];
	if (type !== STRING) throw notWrittenHere;
	writeBytes(key);
	writeAscii(JSON.stringify(Number(readString(bytes, fields.starts[C.messengerId]))));
}

/** One contact, or NotWrittenHere. */
function writeContact(bytes: Buffer): void {
	readFields(bytes, 0, CONTACT_SLOTS, contactFields);
	const f = contactFields;
	// The presenter reads these as a date, an array and an array: without them it throws, and so it shall.
	if (f.types[C.createdAt] !== DATE || f.types[C.variables] !== ARRAY || f.types[C.messenger] !== STRING) {
		throw notWrittenHere;
	}
	writeAscii('{');
	const members = pos;
	writeMember(K.id, bytes, f, C._id);
	writeMember(K.bot_id, bytes, f, C.botId);
	writeMember(K.phone, bytes, f, C.phone);
	writeMember(K.email, bytes, f, C.email);
	writeMember(K.name, bytes, f, C.name);
	writeMember(K.address, bytes, f, C.address);
	writeMember(K.messenger, bytes, f, C.messenger);
	dropLeadingComma(members);
	if (pos > members) writeBytes(K.utm);
	else writeAscii('"utm":');
	writeUtm(bytes, f.starts[C.variables]);
	writeMember(K.avatar, bytes, f, C.avatar);
	switch (messengerAt(bytes, f.starts[C.messenger])) {
		case 'telegram':
			writeMember(K.telegram_id, bytes, f, C.messengerId);
			writeMember(K.telegram_username, bytes, f, C.username);
			writeBytes(NULL_VK_USER_ID);
			break;
		case 'max':
			writeMessengerNumber(K.max_user_id, bytes, f);
			writeMember(K.max_username, bytes, f, C.username);
			writeBytes(NULL_VK_USER_ID);
			break;
		case 'vk':
			writeMessengerNumber(K.vk_user_id, bytes, f);
			break;
		case 'viber':
			writeBytes(NULL_VK_USER_ID);
			writeMember(K.viber_id, bytes, f, C.messengerId);
			break;
		case 'web':
			writeBytes(NULL_VK_USER_ID);
			break;
		default:
			throw notWrittenHere;
	}
	writeBytes(K.created_at);
	writeAscii(`"${dateOf(bytes, f.starts[C.createdAt]).toISOString()}"`);
	writeBytes(K.unsubscribed_at);
	const unsubscribed = f.types[C.unsubscribedAt];
	// `unsubscribedAt?.toISOString() ?? null`: null or absent is null, a date its text; anything else throws there.
	if (unsubscribed === 0 || unsubscribed === NULL) writeAscii('null');
	else if (unsubscribed === DATE) writeScalar(bytes, DATE, f.starts[C.unsubscribedAt]);
	else throw notWrittenHere;
	if (f.types[C.tags] === ARRAY) {
		writeBytes(K.tags);
		writeTags(bytes, f.starts[C.tags]);
	} else writeMember(K.tags, bytes, f, C.tags);
	writeBytes(K.variables);
	writeVariables(bytes, f.starts[C.variables]);
	writeAscii('}');
}

/**
 * The JSON array of these stored contacts, as `present` and JSON.stringify write it; `present` (the contract's
 * presenter) is called only for a contact of a shape not written here.
 */
export function encodeContacts(documents: readonly Uint8Array[], present: (contact: ContactDoc) => unknown): string {
	pos = 0;
	writeAscii('[');
	for (let i = 0; i < documents.length; i++) {
		if (i > 0) writeAscii(',');
		const bytes = asBuffer(documents[i]);
		const start = pos;
		if (writtenFromBytes(bytes)) continue;
		pos = start;
		const text = JSON.stringify(present(mongo.BSON.deserialize(bytes, DRIVER_DECODING) as ContactDoc));
		ensure(Buffer.byteLength(text));
		pos += out.write(text, pos, 'utf8');
	}
	writeAscii(']');
	const text = out.toString('utf8', 0, pos);
	releaseLargeOutput();
	return text;
}

/** One contact's JSON written from its bytes alone; undefined when it is of a shape left to the presenter. */
export function encodeContactFromBytes(document: Uint8Array): string | undefined {
	pos = 0;
	return writtenFromBytes(asBuffer(document)) ? out.toString('utf8', 0, pos) : undefined;
}

function writtenFromBytes(bytes: Buffer): boolean {
	try {
		writeContact(bytes);
		return true;
	} catch (error) {
		if (error !== notWrittenHere) throw error;
		return false;
	}
}

const asBuffer = (bytes: Uint8Array) =>
	Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
