/** The 16-byte header that starts every wire protocol message, and the opcodes the emulator handles. */

export const HEADER_SIZE = 16;

export const OpCode = {
	Reply: 1,
	Query: 2004,
	Msg: 2013,
} as const;

export interface MessageHeader {
	messageLength: number;
	requestId: number;
	responseTo: number;
	opCode: number;
}

export function readHeader(message: Buffer): MessageHeader {
	return {
		messageLength: message.readInt32LE(0),
		requestId: message.readInt32LE(4),
		responseTo: message.readInt32LE(8),
		opCode: message.readInt32LE(12),
	};
}

/** Writes the header of a message of `messageLength` bytes (header included) at the start of `out`. */
export function writeHeader(out: Buffer, messageLength: number, requestId: number, responseTo: number, opCode: number): void {
	out.writeInt32LE(messageLength, 0);
	out.writeInt32LE(requestId, 4);
	out.writeInt32LE(responseTo, 8);
	out.writeInt32LE(opCode, 12);
}
