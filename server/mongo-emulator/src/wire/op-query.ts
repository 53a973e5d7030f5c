/**
 * Legacy OP_QUERY (opcode 2004) and its OP_REPLY (opcode 1). Drivers still open every connection with
 * an OP_QUERY `ismaster` on `admin.$cmd` and expect the answer as an OP_REPLY.
 */
import { deserialize, type Document } from 'bson';
import { encodeMessage } from './raw-documents';
import { HEADER_SIZE, OpCode, writeHeader } from './message-header';

export interface OpQueryRequest {
	/** Database of the `<db>.$cmd` namespace. */
	database: string;
	command: Document;
}

export function decodeOpQuery(message: Buffer): OpQueryRequest {
	const nameStart = HEADER_SIZE + 4;
	const nameEnd = message.indexOf(0, nameStart);
	const namespace = message.toString('utf8', nameStart, nameEnd);
	const queryStart = nameEnd + 1 + 8; // skip numberToSkip and numberToReturn
	const size = message.readInt32LE(queryStart);
	const query = deserialize(message.subarray(queryStart, queryStart + size));
	// Old drivers wrap the command as {$query: command, $readPreference: ...}.
	const command = isWrapped(query) ? query.$query : query;
	return { database: namespace.slice(0, namespace.indexOf('.')), command };
}

function isWrapped(query: Document): query is Document & { $query: Document } {
	return typeof query.$query === 'object' && query.$query !== null;
}

export function encodeOpReply(reply: Document, requestId: number, responseTo: number): Buffer {
	// After the header: responseFlags, cursorId (int64), startingFrom, numberReturned (1).
	return encodeMessage(reply, HEADER_SIZE + 20, (out, length) => {
		writeHeader(out, length, requestId, responseTo, OpCode.Reply);
		out.fill(0, HEADER_SIZE, HEADER_SIZE + 16);
		out.writeInt32LE(1, HEADER_SIZE + 16);
	});
}
