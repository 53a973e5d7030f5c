/**
 * Requests Node's HTTP parser refuses before Express sees them: a URL or headers over Node's 16 KB limit (431),
 * a malformed request line or header (400), a request too slow to arrive (408). Node would answer them with an
 * empty body; this answers JSON, like every other answer of the API. Express never sees them, so this also writes
 * their access line and counts them, as the access log and the metrics do for every other request.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '../logger';
import type { Metrics } from '../observability/metrics';

const ANSWERS: Record<string, { status: number; message: string }> = {
	HPE_HEADER_OVERFLOW: { status: 431, message: 'The request URL or headers are too large.' },
	HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: 'The request chunk extensions are too large.' },
	ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
};

const MALFORMED = { status: 400, message: 'The request is not valid HTTP.' };

/** A `clientError` listener for the HTTP server. */
export function answerClientError(logger: Logger, metrics: Metrics) {
	return (error: NodeJS.ErrnoException, socket: Socket) => {
		// A client that went away cannot be answered.
		if (error.code === 'ECONNRESET' || !socket.writable) {
			socket.destroy();
			return;
		}
		const { status, message } = ANSWERS[error.code ?? ''] ?? MALFORMED;
		const body = JSON.stringify({ message });
		// Neither the method nor the path is known: the parser refused the request before reading them.
		logger.info({ handler: 'other', status, remote_addr: socket.remoteAddress, error: error.code ?? message }, 'request');
		metrics.requests.inc({ handler: 'other', status: String(status) });
		socket.end(
			`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
				'Content-Type: application/json; charset=utf-8\r\n' +
				`Content-Length: ${Buffer.byteLength(body)}\r\n` +
				'Connection: close\r\n\r\n' +
				body,
		);
	};
}
