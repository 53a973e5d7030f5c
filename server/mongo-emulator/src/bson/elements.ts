/**
 * The top-level elements of a BSON document, found from its bytes without decoding any value: where each starts
 * and ends, and its name. For answering a projection of top-level fields from stored bytes (see projection.ts).
 */

export interface ElementSpan {
	readonly name: string;
	/** From the type byte ... */
	readonly start: number;
	/** ... to just past the value. */
	readonly end: number;
}

const STRING_LIKE = new Set([0x02, 0x0d, 0x0e]); // string, JavaScript code, symbol
const LENGTH_PREFIXED = new Set([0x03, 0x04, 0x0f]); // document, array, code with scope: the int32 counts itself
const FIXED_SIZES = new Map([
	[0x01, 8], // double
	[0x06, 0], // undefined
	[0x07, 12], // ObjectId
	[0x08, 1], // boolean
	[0x09, 8], // date
	[0x0a, 0], // null
	[0x10, 4], // int32
	[0x11, 8], // timestamp
	[0x12, 8], // int64
	[0x13, 16], // decimal128
	[0x7f, 0], // max key
	[0xff, 0], // min key
]);

export function elementSpans(bytes: Uint8Array): ElementSpan[] {
	const view = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const spans: ElementSpan[] = [];
	let offset = 4;
	const end = view.readInt32LE(0) - 1;
	while (offset < end) {
		const start = offset;
		const type = view[offset];
		const nameEnd = view.indexOf(0, offset + 1);
		const name = view.toString('utf8', offset + 1, nameEnd);
		offset = nameEnd + 1 + valueLength(view, type, nameEnd + 1);
		spans.push({ name, start, end: offset });
	}
	return spans;
}

function valueLength(view: Buffer, type: number, at: number): number {
	const fixed = FIXED_SIZES.get(type);
	if (fixed !== undefined) return fixed;
	if (STRING_LIKE.has(type)) return 4 + view.readInt32LE(at);
	if (LENGTH_PREFIXED.has(type)) return view.readInt32LE(at);
	switch (type) {
		case 0x05: // binary: length, subtype, bytes
			return 4 + 1 + view.readInt32LE(at);
		case 0x0b: {
			// regular expression: pattern and options, two C strings
			const patternEnd = view.indexOf(0, at);
			return view.indexOf(0, patternEnd + 1) + 1 - at;
		}
		case 0x0c: // DBPointer: a string and an ObjectId
			return 4 + view.readInt32LE(at) + 12;
		default:
			throw new Error(`unknown BSON element type 0x${type.toString(16)}`);
	}
}
