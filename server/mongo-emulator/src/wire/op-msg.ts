/**
 * OP_MSG (opcode 2013), used for every command after the handshake. Kind 0 sections carry the command
 * body; kind 1 sections carry document sequences (e.g. the `documents` of an insert), which are merged
 * into the body under their identifier so that command handlers see one document.
 */
import { deserialize, type Document } from 'bson';
import { encodeMessage } from './raw-documents';
import { HEADER_SIZE, OpCode, writeHeader } from './message-header';

const CHECKSUM_PRESENT = 1 << 0;
export const MORE_TO_COME = 1 << 1;
/** Set by a client that accepts a stream of replies (moreToCome) to one request: server monitoring's `hello`. */
export const EXHAUST_ALLOWED = 1 << 16;

export interface OpMsgRequest {
	flags: number;
	command: Document;
}

export function decodeOpMsg(message: Buffer): OpMsgRequest {
	const flags = message.readUInt32LE(HEADER_SIZE);
	const end = flags & CHECKSUM_PRESENT ? message.length - 4 : message.length;
	let offset = HEADER_SIZE + 4;
	let command: Document | undefined;
	const sequences: Array<[string, Document[]]> = [];
	while (offset < end) {
		const kind = message.readUInt8(offset);
		offset += 1;
		if (kind === 0) {
			const size = message.readInt32LE(offset);
			command = deserialize(message.subarray(offset, offset + size));
			offset += size;
		} else if (kind === 1) {
			const size = message.readInt32LE(offset);
			sequences.push(decodeSequence(message.subarray(offset + 4, offset + size)));
			offset += size;
		} else {
			throw new Error(`unsupported OP_MSG section kind ${kind}`);
		}
	}
	if (!command) throw new Error('OP_MSG without a body section');
	for (const [identifier, documents] of sequences) command[identifier] = documents;
	return { flags, command };
}

function decodeSequence(section: Buffer): [string, Document[]] {
	const nameEnd = section.indexOf(0);
	const identifier = section.toString('utf8', 0, nameEnd);
	const documents: Document[] = [];
	let offset = nameEnd + 1;
	while (offset < section.length) {
		const size = section.readInt32LE(offset);
		documents.push(deserialize(section.subarray(offset, offset + size)));
		offset += size;
	}
	return [identifier, documents];
}

/** Header, flags, then the reply as the one kind 0 section. */
export function encodeOpMsg(reply: Document, requestId: number, responseTo: number, flags = 0): Buffer {
	return encodeMessage(reply, HEADER_SIZE + 5, (out, length) => {
		writeHeader(out, length, requestId, responseTo, OpCode.Msg);
		out.writeUInt32LE(flags, HEADER_SIZE);
		out[HEADER_SIZE + 4] = 0;
	});
}
