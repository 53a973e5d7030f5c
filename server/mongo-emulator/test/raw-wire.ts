/** Messages written byte by byte, for tests of what the driver's own encoding would hide. */
import { serialize, type Document } from 'bson';

/** Raw OP_MSG framing, to check flags and section kinds the driver's choice of encoding would hide. */
export function opMsg(
	requestId: number,
	flags: number,
	body: Document,
	sequence?: { identifier: string; documents: Document[] },
): Buffer {
	const sections: Buffer[] = [Buffer.from([0]), Buffer.from(serialize(body))];
	if (sequence) {
		const documents = Buffer.concat(sequence.documents.map((doc) => Buffer.from(serialize(doc))));
		const identifier = Buffer.from(`${sequence.identifier}\0`);
		const size = Buffer.alloc(4);
		size.writeInt32LE(4 + identifier.length + documents.length);
		sections.push(Buffer.from([1]), size, identifier, documents);
	}
	const payload = Buffer.concat([Buffer.alloc(4), ...sections]);
	payload.writeUInt32LE(flags, 0);
	const header = Buffer.alloc(16);
	header.writeInt32LE(16 + payload.length, 0);
	header.writeInt32LE(requestId, 4);
	header.writeInt32LE(2013, 12);
	return Buffer.concat([header, payload]);
}
