/** The API's answers, written as they are. */
import type { Response } from 'express';
import type { JsonBody } from './ordered-json';

/**
 * Answers `status` with JSON text as it is: what `res.type('json').send()` would write, without its work per answer
 * (an ETag, which the app does not give, the type looked up, a copy of a long text into a Buffer). Text in pieces
 * (`toJsonBody`) is written piece by piece, corked, so it leaves in one write, as one text would.
 */
export function writeJson(res: Response, status: number, body: JsonBody): void {
	res.statusCode = status;
	res.setHeader('Content-Type', 'application/json; charset=utf-8');
	if (typeof body === 'string') {
		res.setHeader('Content-Length', Buffer.byteLength(body));
		res.end(body);
		return;
	}
	res.setHeader(
		'Content-Length',
		body.reduce((length, piece) => length + Buffer.byteLength(piece), 0),
	);
	// end() uncorks it.
	res.cork();
	for (const piece of body) if (piece.length > 0) res.write(piece);
	res.end();
}
