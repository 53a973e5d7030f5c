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

/** Prefixes `body` with a header whose length covers both. */
export function withHeader(body: Buffer, requestId: number, responseTo: number, opCode: number): Buffer {
	const header = Buffer.alloc(HEADER_SIZE);
	header.writeInt32LE(HEADER_SIZE + body.length, 0);
	header.writeInt32LE(requestId, 4);
	header.writeInt32LE(responseTo, 8);
	header.writeInt32LE(opCode, 12);
	return Buffer.concat([header, body]);
}
