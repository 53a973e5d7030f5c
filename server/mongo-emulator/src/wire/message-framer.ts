/**
 * Splits a TCP byte stream into complete wire protocol messages using the int32 length prefix;
 * chunks may split or join messages arbitrarily.
 */
import { HEADER_SIZE } from './message-header';

export const MAX_MESSAGE_SIZE = 48_000_000;

export class MessageFramer {
	private pending: Buffer = Buffer.alloc(0);

	/** Adds a chunk and returns every message it completes (each including its header). */
	push(chunk: Buffer): Buffer[] {
		this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
		const messages: Buffer[] = [];
		while (this.pending.length >= 4) {
			const length = this.pending.readInt32LE(0);
			if (length < HEADER_SIZE || length > MAX_MESSAGE_SIZE) {
				throw new Error(`invalid wire message length ${length}`);
			}
			if (this.pending.length < length) break;
			messages.push(this.pending.subarray(0, length));
			this.pending = this.pending.subarray(length);
		}
		return messages;
	}
}
