/**
 * A getListItems page is written as JSON straight from the items' stored BSON (`database/list-item-export-encoder.ts`):
 * the text must be exactly what the presenter writes of the decoded item, for lists of every field type and any item.
 */
import fc from 'fast-check';
import { mongo } from 'mongoose';
import { FieldNames } from '../../src/database/bson-json';
import { encodeListItemFromBytes, encodeListItems } from '../../src/database/list-item-export-encoder';
import { presentListItem } from '../../src/contract/list-items/presenter';
import { presentValue, storedDatetime } from '../../src/contract/list-items/values';
import { FIELD_TYPES, type FieldType, type ListField } from '../../src/models/list';
import type { ListItemDoc } from '../../src/models/list-item';
import { JsonText, toJsonText } from '../../src/http/ordered-json';

const { BSON } = mongo;

/** What the driver hands back for a stored document. */
const decoded = (bytes: Uint8Array) => BSON.deserialize(bytes) as ListItemDoc;
const presented = (fields: ListField[], bytes: Uint8Array) => presentListItem({ fields }, decoded(bytes)).text.toString();
const present = (fields: ListField[]) => ({
	item: (item: ListItemDoc) => presentListItem({ fields }, item).text.toString(),
	fileValue: presentValue,
});
const serialized = (doc: object) => BSON.serialize(doc, { ignoreUndefined: true });

/** Characters JSON escapes, or that UTF-8 writes in 2, 3 or 4 bytes, and a lone surrogate (stored as U+FFFD). */
const tricky = fc.constantFrom('"', '\\', '\u0000', '\n', '\t', '\u001f', '\u007f', 'é', '\u2028', '€', '😀', '\ud800', '/');
const text = fc.oneof(fc.string(), fc.string({ unit: fc.oneof(tricky, fc.string({ minLength: 1, maxLength: 1 })) }));

/** Slugs as the slug rule lets them be: letters of any script, digits, `-`, `_`; some of a length with others. */
const slug = fc.oneof(
	fc.stringMatching(/^[a-z0-9_-]{1,6}$/),
	fc.constantFrom('2024', '10', 'qty', 'qtx', 'Статус', '数量', 'é', 'contact_id', 'constructor', 'toString'),
);

const field = fc.record({ slug, type: fc.constantFrom(...FIELD_TYPES) }).map(({ slug, type }): ListField => ({
	slug,
	name: slug,
	type,
	isRequired: false,
	isHidden: false,
	isEncryptable: false,
	...(type === 'money' && { currency: 'EUR' }),
}));
const fields = fc.uniqueArray(field, { minLength: 1, maxLength: 8, selector: (f) => f.slug });

const date = fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true });
const url = fc.oneof(
	fc
		.tuple(
			fc.constantFrom('http', 'https'),
			fc.stringMatching(/^[a-z]{1,8}$/),
			fc.string(),
			fc.constantFrom('', '.png', '.PDF', '.tar.gz'),
		)
		.map(([scheme, host, name, extension]) => `${scheme}://${host}.example/${encodeURIComponent(name)}${extension}`),
	fc.constantFrom(
		'https://cdn.example.com/a/photo.JPG',
		'http://x.io/%E2%82%AC%20file.pdf',
		'https://x.io/bad%E2',
		'https://x.io/',
	),
);
const id = fc.oneof(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }));

/** A value in its stored form (contract/list-items/values.ts) for each field type. */
const STORED: Record<FieldType, fc.Arbitrary<unknown>> = {
	string: text,
	number: fc.oneof(
		fc.double({ noNaN: true, noDefaultInfinity: true }),
		fc.integer(),
		fc.constantFrom(1e21, -0, 0.1, 2 ** 53 + 2),
	),
	money: fc.oneof(fc.integer(), fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER)),
	bool: fc.boolean(),
	date: date.map((d) => d.toISOString().slice(0, 10)),
	datetime: date.map(storedDatetime),
	file: url,
	image: url,
	contact: id,
	bot: id,
};

/** An item of `list` as the server stores it: some fields unset or null, values of deleted fields left over (§4.8). */
function storedItem(list: ListField[]) {
	const values = fc
		.tuple(
			...list.map((f) => fc.option(fc.oneof(STORED[f.type], fc.constant(null)), { nil: undefined })),
			fc.dictionary(fc.stringMatching(/^[a-z]{1,4}$/), fc.oneof(text, fc.integer()), { maxKeys: 2 }),
		)
		.map((parts) => {
			const leftOver = parts[list.length] as Record<string, unknown>;
			const own = Object.fromEntries(list.map((f, i) => [f.slug, parts[i]]).filter(([, v]) => v !== undefined));
			return { ...Object.fromEntries(Object.entries(leftOver).filter(([k]) => !(k in own))), ...own };
		});
	return fc.record({ values, createdAt: date, updatedAt: date }).map((item) => ({
		_id: new mongo.ObjectId(),
		listId: new mongo.ObjectId(),
		...item,
	}));
}

/** Anything else a document may hold: other types, nested values, a missing or odd `values`. */
const anyValue = fc.oneof(
	text,
	fc.constant(null),
	fc.boolean(),
	fc.double(),
	date,
	fc.constant(undefined),
	fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((n) => BSON.Long.fromBigInt(n)),
	fc.object({ maxDepth: 1, key: fc.oneof(fc.string(), fc.constantFrom('10', '$ref', '$id')) }),
	fc.array(fc.integer(), { maxLength: 2 }),
);
function wildItem(list: ListField[]) {
	const values = fc.oneof(
		fc.dictionary(fc.oneof(fc.constantFrom(...list.map((f) => f.slug)), fc.constantFrom('$x', 'other')), anyValue, {
			maxKeys: 6,
		}),
		anyValue,
	);
	return fc.record(
		{ _id: fc.oneof(fc.constant(new mongo.ObjectId()), anyValue), values, createdAt: fc.oneof(date, anyValue), updatedAt: date },
		{ requiredKeys: ['_id', 'createdAt', 'updatedAt'] },
	);
}

/** A list, and what `of` makes for it. */
const withList = <T>(of: (list: ListField[]) => fc.Arbitrary<T>) => fields.chain((list) => fc.tuple(fc.constant(list), of(list)));

test('every stored item of a list of any field types is written from its bytes, exactly as the presenter writes it', () => {
	fc.assert(
		fc.property(withList(storedItem), ([list, item]) => {
			const bytes = serialized(item);
			expect(encodeListItemFromBytes(list, bytes, presentValue)).toBe(presented(list, bytes));
		}),
		{ numRuns: 500 },
	);
});

test('any other item is written as the presenter writes it, or left to it', () => {
	fc.assert(
		fc.property(withList(wildItem), ([list, item]) => {
			const bytes = serialized(item);
			let expected: string | Error;
			try {
				expected = presented(list, bytes);
			} catch (error) {
				expected = error as Error;
			}
			const written = encodeListItemFromBytes(list, bytes, presentValue);
			if (typeof expected === 'string') {
				if (written !== undefined) expect(written).toBe(expected);
				expect(toJsonText({ data: new JsonText(encodeListItems(list, [bytes], present(list))) })).toBe(`{"data":[${expected}]}`);
			} else {
				expect(written).toBeUndefined();
			}
		}),
		{ numRuns: 2000 },
	);
});

test('a page mixes both, in order, and reads back as the presented items', () => {
	fc.assert(
		fc.property(
			fields.chain((list) => fc.tuple(fc.constant(list), fc.array(fc.oneof(storedItem(list), wildItem(list)), { maxLength: 8 }))),
			([list, items]) => {
				const page = items.map(serialized).filter((bytes) => {
					try {
						presented(list, bytes);
						return true;
					} catch {
						return false;
					}
				});
				const expected = `[${page.map((bytes) => presented(list, bytes)).join(',')}]`;
				expect(encodeListItems(list, page, present(list)).toString()).toBe(expected);
			},
		),
		{ numRuns: 300 },
	);
});

test('an item of every field type is written from its bytes', () => {
	const list = FIELD_TYPES.map((type): ListField => ({
		slug: `f_${type}`,
		name: type,
		type,
		isRequired: false,
		isHidden: false,
		isEncryptable: false,
	}));
	const bytes = serialized({
		_id: new mongo.ObjectId('0123456789abcdef01234567'),
		listId: new mongo.ObjectId(),
		values: {
			f_string: 'Order "7"\n€',
			f_number: 1.5,
			f_bool: true,
			f_date: '2024-05-01',
			f_datetime: '2024-05-01T10:20:30+00:00',
			f_money: 123456789012,
			f_file: 'https://cdn.example.com/files/report.pdf',
			f_contact: 42,
			f_bot: 7,
			gone: 'a deleted field (§4.8)',
		},
		createdAt: new Date('2024-01-02T03:04:05.678Z'),
		updatedAt: new Date('2024-01-02T03:04:06Z'),
	});
	expect(encodeListItemFromBytes(list, bytes, presentValue)).toBe(
		'{"id":"0123456789abcdef01234567","contact_id":42,"created_at":"2024-01-02T03:04:05+00:00",' +
			'"updated_at":"2024-01-02T03:04:06+00:00","f_string":"Order \\"7\\"\\n€","f_number":1.5,"f_bool":true,' +
			'"f_date":"2024-05-01","f_datetime":"2024-05-01T10:20:30+00:00","f_money":123456789012,' +
			'"f_file":{"type":"file","mime_type":"application/pdf","url":"https://cdn.example.com/files/report.pdf",' +
			'"name":"report.pdf","size":null,"storage":"url","meta":{"width":null,"height":null,"duration":null,"codec":null}},' +
			'"f_image":null,"f_contact":42,"f_bot":7}',
	);
});

test('times at the edges of the calendar are written as isoWithOffset writes them', () => {
	const list: ListField[] = [{ slug: 's', name: 's', type: 'string', isRequired: false, isHidden: false, isEncryptable: false }];
	const edges = [
		'-000001-12-31T23:59:59.999Z',
		'0000-01-01T00:00:00.000Z',
		'0000-02-29T12:00:00.000Z',
		'1900-02-28T23:59:59.999Z',
		'1900-03-01T00:00:00.000Z',
		'1969-12-31T23:59:59.999Z',
		'1970-01-01T00:00:00.000Z',
		'2000-02-29T10:20:30.400Z',
		'2100-03-01T00:00:00.000Z',
		'9999-12-31T23:59:59.999Z',
		'+010000-01-01T00:00:00.000Z',
	].map((iso) => new Date(iso));
	for (const time of edges) {
		const bytes = serialized({ _id: new mongo.ObjectId(), values: {}, createdAt: time, updatedAt: time });
		expect(encodeListItemFromBytes(list, bytes, presentValue)).toBe(presented(list, bytes));
	}
});

test('slugs that share a bucket of the name table are each found, and a name not among them is not', () => {
	// More names than the table's 256 buckets: some must share one, whatever the hash.
	const slugs = Array.from({ length: 600 }, (_, i) => (i % 3 === 0 ? `f${i}` : i % 3 === 1 ? `Поле_${i}` : `${i}`));
	const names = new FieldNames(slugs);
	const lookUp = (name: string) => {
		const bytes = Buffer.from(`${name}\0`, 'utf8');
		return names.slotOf(bytes, 0, bytes.length - 1);
	};
	expect(slugs.map(lookUp)).toEqual(slugs.map((_, slot) => slot));
	for (const missing of ['f1', 'Поле_0', '600', 'f30x', '', 'x']) expect(lookUp(missing)).toBe(-1);
});
