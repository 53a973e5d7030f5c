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
 * the caller's presenter, so every contact comes out the same either way. The reading and writing kit is `bson-json.ts`.
 */
import { mongo } from 'mongoose';
import { MESSENGERS, type ContactDoc, type Messenger } from '../models/contact';
import {
	ARRAY,
	asBuffer,
	begin,
	DATE,
	dateOf,
	DOCUMENT,
	DRIVER_DECODING,
	dropLeadingComma,
	FieldNames,
	Fields,
	finish,
	finishBytes,
	forEachElement,
	int32,
	keyBytes,
	notWrittenHere,
	NULL,
	position,
	readFields,
	readString,
	sameString,
	slotsOf,
	STRING,
	writeAscii,
	writeBytes,
	writeMember,
	writeScalar,
	writeString,
	writeText,
	writtenOrRewound,
	ascii,
} from './bson-json';

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

const CONTACT_SLOTS = new FieldNames(CONTACT_FIELDS);
const VARIABLE_SLOTS = new FieldNames(VARIABLE_FIELDS);
const C = slotsOf(CONTACT_FIELDS);
const V = slotsOf(VARIABLE_FIELDS);

const contactFields = new Fields(CONTACT_FIELDS.length);
const variableFields = new Fields(VARIABLE_FIELDS.length);

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
		const mark = position();
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
	const members = position();
	writeMember(K.id, bytes, f, C._id);
	writeMember(K.bot_id, bytes, f, C.botId);
	writeMember(K.phone, bytes, f, C.phone);
	writeMember(K.email, bytes, f, C.email);
	writeMember(K.name, bytes, f, C.name);
	writeMember(K.address, bytes, f, C.address);
	writeMember(K.messenger, bytes, f, C.messenger);
	dropLeadingComma(members);
	if (position() > members) writeBytes(K.utm);
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
 * The JSON array of these stored contacts, as `present` and JSON.stringify write it, in UTF-8; `present` (the
 * contract's presenter) is called only for a contact of a shape not written here. The answer is made of these
 * bytes: a page of half a megabyte made into a string, joined into the answer's text and encoded back for the socket
 * cost the request thread about a tenth of its CPU a page (measured side by side, `bench/README.md`).
 */
export function encodeContacts(documents: readonly Uint8Array[], present: (contact: ContactDoc) => unknown): Buffer {
	begin();
	writeAscii('[');
	for (let i = 0; i < documents.length; i++) {
		if (i > 0) writeAscii(',');
		const bytes = asBuffer(documents[i]);
		if (writtenOrRewound(() => writeContact(bytes))) continue;
		writeText(JSON.stringify(present(mongo.BSON.deserialize(bytes, DRIVER_DECODING) as ContactDoc)));
	}
	writeAscii(']');
	return finishBytes();
}

/** One contact's JSON written from its bytes alone; undefined when it is of a shape left to the presenter. */
export function encodeContactFromBytes(document: Uint8Array): string | undefined {
	begin();
	return writtenOrRewound(() => writeContact(asBuffer(document))) ? finish() : undefined;
}
