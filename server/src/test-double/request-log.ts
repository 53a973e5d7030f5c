/**
 * What clients sent (test double): the last API calls, newest first, in this process's memory, bounded by
 * `REQUEST_LOG_SIZE`. Parameters are kept as sent (query and body), with secrets replaced: `api_token` and
 * any parameter named like a token, key, secret or password, and any value shaped like an API key.
 */
import type { Request, RequestHandler, Response } from 'express';
import { accountOf, apiMethodOf, injectedFaultOf } from '../observability/request-labels';

export interface LoggedRequest {
	id: number;
	at: string;
	/** The API method named in the path (also when it is not one). */
	method: string;
	http_method: string;
	params: Record<string, unknown>;
	/** Null when no answer was sent: the connection was dropped or the client went away. */
	status: number | null;
	duration_ms: number;
	user_id: string | null;
	/** Whether a fault acted on the call (see `test-double/faults.ts`). */
	injected: boolean;
}

export const REDACTED = '[redacted]';

const SECRET_NAME = /token|secret|password|passwd|api[_-]?key|authorization|^key$/i;
/** Our keys (`bp_` + base64url) and bearer credentials. */
const SECRET_VALUE = /^(bp_[A-Za-z0-9_-]{16,}|Bearer\s+\S+)$/i;

/** Deeper than the API reads parameters (32 levels); a hostile body may nest thousands, which must not overflow the stack. */
const MAX_DEPTH = 32;
const TOO_DEEP = '[too deep]';

/** A copy of `value` with secrets replaced, down to MAX_DEPTH; anything deeper is left out. */
export function redactSecrets(value: unknown, name = '', depth = 0): unknown {
	if (name !== '' && SECRET_NAME.test(name)) return REDACTED;
	if (typeof value === 'string') return SECRET_VALUE.test(value.trim()) ? REDACTED : value;
	if (value === null || typeof value !== 'object') return value;
	if (depth >= MAX_DEPTH) return TOO_DEEP;
	if (Array.isArray(value)) return value.map((item) => redactSecrets(item, '', depth + 1));
	return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redactSecrets(inner, key, depth + 1)]));
}

export class RequestLog {
	private entries: LoggedRequest[] = [];
	private nextId = 1;

	constructor(readonly size: number) {}

	add(entry: Omit<LoggedRequest, 'id'>): void {
		if (this.size === 0) return;
		this.entries.push({ id: this.nextId++, ...entry });
		if (this.entries.length > this.size) this.entries.splice(0, this.entries.length - this.size);
	}

	/** Newest first. */
	list({ method, limit }: { method?: string; limit?: number } = {}): LoggedRequest[] {
		const newestFirst = [...this.entries].reverse().filter((entry) => method === undefined || entry.method === method);
		return limit === undefined ? newestFirst : newestFirst.slice(0, limit);
	}

	clear(): void {
		this.entries = [];
	}
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/** The query string as parsed, or nothing when it was refused (its parser throws, here outside any route). */
function queryOf(req: Request): Record<string, unknown> {
	try {
		return isPlainObject(req.query) ? req.query : {};
	} catch {
		return {};
	}
}

/**
 * The parameters as the API read them. A body the router never read (an injected answer comes first) or could
 * not parse (still raw text, where a key may hide) is left out.
 */
function paramsOf(req: Request): Record<string, unknown> {
	const query = queryOf(req);
	const body: unknown = req.body;
	const sent = isPlainObject(body) ? { ...query, ...body } : Array.isArray(body) ? { ...query, _body: body } : query;
	return redactSecrets(sent) as Record<string, unknown>;
}

/** Mounted on `/api/v1`: records each call once its answer is finished, or its connection is gone. */
export function recordRequests(log: RequestLog): RequestHandler {
	return (req, res: Response, next) => {
		const started = process.hrtime.bigint();
		const at = new Date().toISOString();
		const named = req.path.split('/')[1]?.slice(0, 100) ?? '';
		res.once('close', () => {
			log.add({
				at,
				method: apiMethodOf(res) ?? named,
				http_method: req.method,
				params: paramsOf(req),
				status: res.writableFinished ? res.statusCode : null,
				duration_ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
				user_id: accountOf(res) ?? null,
				injected: injectedFaultOf(res) !== undefined,
			});
		});
		next();
	};
}
