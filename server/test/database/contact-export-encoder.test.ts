/**
 * An export page's contacts are written as JSON straight from their stored BSON (`database/contact-export-encoder.ts`):
 * the text must be exactly what JSON.stringify writes of `presentContact` of the decoded document, for any contact.
 */
import fc from 'fast-check';
import { mongo } from 'mongoose';
import { encodeContactFromBytes, encodeContacts } from '../../src/database/contact-export-encoder';
import { presentContact } from '../../src/contract/contacts/presenter';
import type { ContactDoc } from '../../src/models/contact';
import { JsonText, toJsonText } from '../../src/http/ordered-json';

const { BSON } = mongo;

/** What the driver hands back for a stored document. */
const decoded = (bytes: Uint8Array) => BSON.deserialize(bytes) as ContactDoc;
const presented = (bytes: Uint8Array) => JSON.stringify(presentContact(decoded(bytes)));
/** An export page's text as `getContacts` sets it into its answer. */
const contactsJson = (pages: Uint8Array[]) => new JsonText(encodeContacts(pages, presentContact));

/** Characters JSON escapes, or that UTF-8 writes in 2, 3 or 4 bytes, and a lone surrogate (stored as U+FFFD). */
const tricky = fc.constantFrom('"', '\\', '\u0000', '\n', '\t', '\u001f', '\u007f', 'é', '\u2028', '€', '😀', '\ud800', '/');
const text = fc.oneof(
	fc.string(),
	fc.string({ unit: 'binary' }),
	fc.string({ unit: fc.oneof(tricky, fc.string({ minLength: 1, maxLength: 1 })) }),
);
const nullableText = fc.oneof(text, fc.constant(null));
const int = fc.oneof(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }));
const date = fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true });
const scalar = fc.oneof(nullableText, fc.boolean(), fc.integer(), fc.double());

/** Keys in any order, as updates leave them; `absent` ones may be missing. */
function shuffled(required: Record<string, fc.Arbitrary<unknown>>, absent: Record<string, fc.Arbitrary<unknown>> = {}) {
	return fc.tuple(fc.record(required), fc.record(absent, { requiredKeys: [] })).chain(([a, b]) => {
		const entries = Object.entries({ ...a, ...b });
		return fc.shuffledSubarray(entries, { minLength: entries.length }).map((e) => Object.fromEntries(e));
	});
}

/** Variables as the server stores them; those of older versions may lack a field (left out of the JSON). */
const storedVariable = shuffled(
	{
		id: int,
		name: fc.oneof(
			text,
			text.map((name) => `utm_${name}`),
			fc.constantFrom('utm_source', 'utm_', 'utm', 'ut'),
		),
		type: fc.constantFrom(0, 1, 2, 3, 4),
	},
	{ value: nullableText, schemaId: nullableText, deletable: fc.boolean(), payload: fc.constant(null) },
);

/** Contacts of every shape the server stores: each of them is written from its bytes. */
const storedContact = fc
	.record({
		messenger: fc.constantFrom('telegram', 'max', 'viber', 'vk', 'web'),
		digits: fc.bigInt({ min: 0n, max: 10n ** 12n }).map(String),
	})
	.chain(({ messenger, digits }) =>
		shuffled(
			{
				_id: int,
				botId: int,
				ownerId: fc.constant(new mongo.ObjectId()),
				messenger: fc.constant(messenger),
				messengerId: messenger === 'web' ? fc.constant(null) : messenger === 'viber' ? text : fc.constant(digits),
				name: text,
				username: nullableText,
				phone: nullableText,
				email: nullableText,
				address: nullableText,
				avatar: nullableText,
				tags: fc.array(text, { maxLength: 4 }),
				variables: fc.uniqueArray(storedVariable, { maxLength: 5, selector: (v) => v.name }),
				firstMessage: nullableText,
				unsubscribedAt: fc.oneof(date, fc.constant(null)),
				isPreview: fc.boolean(),
				deletedAt: fc.oneof(date, fc.constant(null)),
				createdAt: date,
			},
			{ messengerKey: text },
		),
	);

/** Anything else a document may hold: missing fields, other types, nested payloads, repeated utm names. */
const anyValue = fc.oneof(
	scalar,
	date,
	fc.constant(undefined),
	fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((n) => BSON.Long.fromBigInt(n)),
	fc.object({ maxDepth: 2, key: fc.oneof(fc.string(), fc.constantFrom('10', '2', '__proto__', '$ref', '$id')) }),
	fc.array(scalar, { maxLength: 3 }),
);
const wildVariable = shuffled(
	{},
	{
		id: anyValue,
		name: fc.oneof(anyValue, fc.constantFrom('utm_a', 'utm_b', 'utm_')),
		value: anyValue,
		type: anyValue,
		schemaId: anyValue,
		deletable: anyValue,
		payload: anyValue,
	},
);
const wildContact = shuffled(
	{ createdAt: fc.oneof(date, anyValue), variables: fc.oneof(fc.array(wildVariable, { maxLength: 4 }), anyValue) },
	{
		_id: anyValue,
		botId: anyValue,
		messenger: fc.oneof(fc.constantFrom('telegram', 'max', 'viber', 'vk', 'web'), anyValue),
		messengerId: fc.oneof(fc.constantFrom('12', '1e3', 'x', ''), anyValue),
		name: anyValue,
		username: anyValue,
		phone: anyValue,
		email: anyValue,
		address: anyValue,
		avatar: anyValue,
		tags: fc.oneof(fc.array(anyValue, { maxLength: 3 }), anyValue),
		unsubscribedAt: fc.oneof(date, anyValue),
	},
);

const serialized = (doc: object) => BSON.serialize(doc, { ignoreUndefined: true });

test('every stored contact is written from its bytes, exactly as the presenter writes it', () => {
	fc.assert(
		fc.property(storedContact, (contact) => {
			const bytes = serialized(contact);
			expect(encodeContactFromBytes(bytes)).toBe(presented(bytes));
		}),
		{ numRuns: 2000 },
	);
});

test('any other document is written as the presenter writes it, or left to it', () => {
	fc.assert(
		fc.property(wildContact, (contact) => {
			const bytes = serialized(contact);
			let expected: string | Error;
			try {
				expected = presented(bytes);
			} catch (error) {
				expected = error as Error;
			}
			const written = encodeContactFromBytes(bytes);
			if (typeof expected === 'string') {
				if (written !== undefined) expect(written).toBe(expected);
				expect(toJsonText({ data: contactsJson([bytes]) })).toBe(`{"data":[${expected}]}`);
			} else {
				expect(written).toBeUndefined();
			}
		}),
		{ numRuns: 2000 },
	);
});

test('a page mixes both, in order, and reads back as the presented contacts', () => {
	fc.assert(
		fc.property(fc.array(fc.oneof(storedContact, wildContact), { maxLength: 8 }), (contacts) => {
			const pages = contacts.map(serialized).filter((bytes) => {
				try {
					presented(bytes);
					return true;
				} catch {
					return false;
				}
			});
			const expected = `[${pages.map(presented).join(',')}]`;
			expect(toJsonText({ data: contactsJson(pages), meta: { n: pages.length } })).toBe(
				`{"data":${expected},"meta":{"n":${pages.length}}}`,
			);
			expect(JSON.parse(toJsonText(contactsJson(pages)))).toEqual(JSON.parse(expected));
		}),
		{ numRuns: 300 },
	);
});

test('a seeded-looking contact is written from its bytes', () => {
	const bytes = serialized({
		_id: 7,
		botId: 1,
		ownerId: new mongo.ObjectId(),
		messenger: 'telegram',
		messengerId: '1000000007',
		name: 'Contact "7"\n',
		username: 'user7',
		phone: '79000000007',
		email: null,
		address: null,
		avatar: null,
		tags: ['seed', 'group-7'],
		variables: [{ id: 1, name: 'utm_source', value: 'bench', type: 0, schemaId: null, deletable: true, payload: null }],
		unsubscribedAt: null,
		createdAt: new Date('2024-01-02T03:04:05.678Z'),
	});
	expect(encodeContactFromBytes(bytes)).toBe(
		'{"id":7,"bot_id":1,"phone":"79000000007","email":null,"name":"Contact \\"7\\"\\n","address":null,' +
			'"messenger":"telegram","utm":{"utm_source":"bench"},"avatar":null,"telegram_id":"1000000007",' +
			'"telegram_username":"user7","vk_user_id":null,"created_at":"2024-01-02T03:04:05.678Z","unsubscribed_at":null,' +
			'"tags":["seed","group-7"],"variables":[{"id":1,"name":"utm_source","value":"bench","type":0,"schema_id":null,' +
			'"deletable":true,"payload":null}]}',
	);
});
