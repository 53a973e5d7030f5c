/**
 * What a call presents to be let in (§5): `Authorization: Bearer <key>`, else `api_token` in the query or body, and
 * the address it comes from. Whether the key is anyone's is decided in `domain/access/authenticate.ts`.
 */
import type { Request } from 'express';
import { unauthorized } from './errors';
import type { Params } from './request-params';

const AUTHORIZATION = 'authorization';

/**
 * The one `Authorization` header of the request; undefined when there is none. Two of them are refused rather than
 * resolved by whichever one the HTTP parser happens to keep.
 */
export function authorizationHeader(req: Request): string | undefined {
	// Node keeps the first of repeated `Authorization` headers: only the raw list shows a second one. (Counted there
	// rather than through `headersDistinct`, which copies every header of the request.)
	const header = req.headers.authorization;
	if (header === undefined) return undefined;
	let sent = 0;
	const raw = req.rawHeaders;
	for (let name = 0; name < raw.length; name += 2) {
		if (raw[name].length === AUTHORIZATION.length && raw[name].toLowerCase() === AUTHORIZATION) sent++;
	}
	if (sent !== 1) throw unauthorized();
	return header;
}

/** The token of `Bearer <token>`; undefined when the header has another form. */
export const bearerToken = (header: string): string | undefined => /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];

/** The API key the call presents; undefined when none. */
export function presentedKey(req: Request, params: Params): string | undefined {
	const header = authorizationHeader(req);
	if (header !== undefined) return bearerToken(header);
	// Only a plain string counts: `api_token[$ne]=x` arrives as an object and is simply not a key.
	return typeof params.api_token === 'string' ? params.api_token : undefined;
}

/** The TCP peer, or the client a trusted proxy names (TRUST_PROXY). */
export const clientAddress = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';
