/**
 * The list items' export encoder: a page of getListItems (§12.4) written as JSON straight from the items' stored
 * BSON bytes, exactly as the contract's presenter (`contract/list-items/presenter.ts`) writes the decoded items. A
 * page of 1,000 items spent most of its request thread decoding the driver's reply, presenting and writing each item
 * (profiled); this writes the members from the bytes in the presenter's order: the item's own fields, then each field
 * of the list by slug, null when unset. `server/test/database/list-item-export-encoder.test.ts` holds the two to the
 * same text for items of every field type.
 *
 * Written here: values of the stored types (§12.2: string, double, int32, boolean, null; a date too), `_id` an
 * ObjectId, both times dates. A file or image value goes through the presenter's `fileValue` (its object is made
 * from the URL). An item of any other shape (an int64, a nested value, a name given twice or starting with `$`) is decoded
 * and written by the presenter's `item`, so every item comes out the same either way.
 */
import { mongo } from 'mongoose';
import type { ListField } from '../models/list';
import type { ListItemDoc } from '../models/list-item';
import {
	asBuffer,
	begin,
	DATE,
	DOCUMENT,
	DOUBLE,
	DRIVER_DECODING,
	FieldNames,
	Fields,
	finish,
	finishBytes,
	INT32,
	INT64,
	keyBytes,
	notWrittenHere,
	NULL,
	numberAt,
	OBJECT_ID,
	readFields,
	readString,
	slotsOf,
	STRING,
	timeOf,
	writeAscii,
	writeBytes,
	writeHex,
	writeIsoWithOffset,
	writeInteger,
	writeScalar,
	writeText,
	writtenOrRewound,
} from './bson-json';

export interface ItemPresenter {
	/** The item's JSON text, for an item of a shape not written here. */
	item: (item: ListItemDoc) => string;
	/** A file or image field's value as the presenter reads it from its stored URL. */
	fileValue: (field: ListField, stored: string) => unknown;
}

const ITEM_FIELDS = ['_id', 'values', 'createdAt', 'updatedAt'] as const;
const ITEM_SLOTS = new FieldNames(ITEM_FIELDS);
const I = slotsOf(ITEM_FIELDS);
const itemFields = new Fields(ITEM_FIELDS.length);

/** The writer of one list's items: its keys and slots, made once a page. */
class ItemWriter {
	private readonly slugs: FieldNames;
	private readonly values: Fields;
	private readonly keys: Buffer[];
	/**
	 * The item's own members, each left out when a slug takes its name (as the presenter does). Every member is
	 * always written, so the first one's key, whichever it is, is the one without a comma.
	 */
	private readonly own: { id?: Buffer; contactId?: Buffer; createdAt?: Buffer; updatedAt?: Buffer };
	/** The first `contact` field: its value is the item's `contact_id`. */
	private readonly contactSlot: number;

	constructor(
		private readonly fields: readonly ListField[],
		private readonly fileValue: ItemPresenter['fileValue'],
	) {
		this.slugs = new FieldNames(fields.map((field) => field.slug));
		this.values = new Fields(fields.length);
		const taken = new Set(fields.map((field) => field.slug));
		let first = true;
		const key = (name: string) => {
			const bytes = keyBytes(name, first);
			first = false;
			return bytes;
		};
		const own = (name: string) => (taken.has(name) ? undefined : key(name));
		this.own = { id: own('id'), contactId: own('contact_id'), createdAt: own('created_at'), updatedAt: own('updated_at') };
		this.keys = fields.map((field) => key(field.slug));
		this.contactSlot = fields.findIndex((field) => field.type === 'contact');
	}

	/** One item, or notWrittenHere. */
	write(bytes: Buffer): void {
		readFields(bytes, 0, ITEM_SLOTS, itemFields);
		const top = itemFields;
		const valuesType = top.types[I.values];
		if (valuesType === DOCUMENT) readFields(bytes, top.starts[I.values], this.slugs, this.values);
		// `item.values ?? {}`: absent or null reads as no values; anything else is left to the presenter.
		else if (valuesType === 0 || valuesType === NULL) this.values.types.fill(0);
		else throw notWrittenHere;
		const { own, values } = this;
		writeAscii('{');
		if (own.id) {
			if (top.types[I._id] !== OBJECT_ID) throw notWrittenHere;
			writeBytes(own.id);
			writeHex(bytes, top.starts[I._id], 12);
		}
		if (own.contactId) {
			writeBytes(own.contactId);
			const type = this.contactSlot === -1 ? 0 : values.types[this.contactSlot];
			if (type === DOUBLE || type === INT32) {
				const id = numberAt(bytes, type, values.starts[this.contactSlot]);
				// The presenter's template literal: String() of a number, whatever it is.
				if (Number.isSafeInteger(id)) writeInteger(id);
				else writeAscii(String(id));
			} else if (type === INT64) throw notWrittenHere;
			else writeAscii('null');
		}
		if (own.createdAt) this.writeTime(own.createdAt, bytes, I.createdAt);
		if (own.updatedAt) this.writeTime(own.updatedAt, bytes, I.updatedAt);
		for (let slot = 0; slot < this.fields.length; slot++) {
			writeBytes(this.keys[slot]);
			this.writeValue(bytes, slot);
		}
		writeAscii('}');
	}

	/** `isoWithOffset`: the UTC time with `+00:00` for its milliseconds and `Z`. */
	private writeTime(key: Buffer, bytes: Buffer, slot: number): void {
		if (itemFields.types[slot] !== DATE) throw notWrittenHere;
		writeBytes(key);
		const time = timeOf(bytes, itemFields.starts[slot]);
		if (!writeIsoWithOffset(time)) writeAscii(`"${new Date(time).toISOString().slice(0, -5)}+00:00"`);
	}

	/** `presentValue` of the stored value, as JSON.stringify writes it (`null` for none). */
	private writeValue(bytes: Buffer, slot: number): void {
		const type = this.values.types[slot];
		const at = this.values.starts[slot];
		if (type === 0 || type === NULL) return writeAscii('null');
		const field = this.fields[slot];
		if (type === STRING && (field.type === 'file' || field.type === 'image')) {
			return writeText(JSON.stringify(this.fileValue(field, readString(bytes, at))) ?? 'null');
		}
		writeScalar(bytes, type, at);
	}
}

/**
 * The JSON array of these stored items of a list with `fields` (its live fields, in order), as the presenter and
 * JSON.stringify write it, in UTF-8: the answer is written as these bytes, so a page is never decoded to a string.
 */
export function encodeListItems(fields: readonly ListField[], documents: readonly Uint8Array[], present: ItemPresenter): Buffer {
	const writer = new ItemWriter(fields, present.fileValue);
	begin();
	writeAscii('[');
	for (let i = 0; i < documents.length; i++) {
		if (i > 0) writeAscii(',');
		const bytes = asBuffer(documents[i]);
		if (writtenOrRewound(() => writer.write(bytes))) continue;
		writeText(present.item(mongo.BSON.deserialize(bytes, DRIVER_DECODING) as ListItemDoc));
	}
	writeAscii(']');
	return finishBytes();
}

/** One item's JSON written from its bytes alone; undefined when it is of a shape left to the presenter. */
export function encodeListItemFromBytes(
	fields: readonly ListField[],
	document: Uint8Array,
	fileValue: ItemPresenter['fileValue'],
): string | undefined {
	const writer = new ItemWriter(fields, fileValue);
	begin();
	return writtenOrRewound(() => writer.write(asBuffer(document))) ? finish() : undefined;
}
