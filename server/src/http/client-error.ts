/**
 * Requests Node's HTTP parser refuses before Express sees them: a URL or headers over Node's 16 KB limit (431),
 * a malformed request line or header (400), a request too slow to arrive (408). Node would answer them with an
 * empty body; this answers JSON, like every other answer of the API, and logs one line.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../logger';

const ANSWERS: Record<string, { status: number; message: string }> = {
	HPE_HEADER_OVERFLOW: { status: 431, message: 'The request URL or headers are too large.' },
	HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: 'The request chunk extensions are too large.' },
	ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
};

const MALFORMED = { status: 400, message: 'The request is not valid HTTP.' };

/** A `clientError` listener for the HTTP server. */
export function answerClientError(logger: Logger) {
	return (error: NodeJS.ErrnoException, socket: Duplex) => {
		// A client that went away cannot be answered.
		if (error.code === 'ECONNRESET' || !socket.writable) {
			socket.destroy();
			return;
		}
		const { status, message } = ANSWERS[error.code ?? ''] ?? MALFORMED;
		const body = JSON.stringify({ message });
		logger.info(`${status} before routing: ${error.code ?? error.message}`);
		socket.end(
			`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
				'Content-Type: application/json; charset=utf-8\r\n' +
				`Content-Length: ${Buffer.byteLength(body)}\r\n` +
				'Connection: close\r\n\r\n' +
				body,
		);
	};
}
