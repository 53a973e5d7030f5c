/** The API's answers, written as they are. */
import type { Response } from 'express';

/**
 * Answers `status` with JSON text (or its UTF-8 bytes) as it is: what `res.type('json').send()` would write, without
 * its work per answer (an ETag, which the app does not give, the type looked up, a copy of a long text into a Buffer).
 */
export function writeJson(res: Response, status: number, text: string | Buffer): void {
	res.statusCode = status;
	res.setHeader('Content-Type', 'application/json; charset=utf-8');
	res.setHeader('Content-Length', Buffer.byteLength(text));
	res.end(text);
}
