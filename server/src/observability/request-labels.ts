/**
 * What logs and metrics call a request. The routers note the API method and the account once they know them;
 * everything else is named by its path. Label values are few and fixed (never a raw path), so metrics stay
 * small whatever clients send.
 */
import type { Request, Response } from 'express';

/** Which part of the service answered: the API, the admin API, or one of the service's own endpoints. */
export type Handler = 'api' | 'admin' | 'console' | 'healthz' | 'metrics' | 'openapi' | 'docs' | 'other';

const EXACT: Record<string, Handler> = { '/healthz': 'healthz', '/metrics': 'metrics', '/openapi.json': 'openapi' };

/** The path of the request as the client sent it, without the query string. */
export function pathOf(req: Request): string {
	const url = req.originalUrl;
	const query = url.indexOf('?');
	return query === -1 ? url : url.slice(0, query);
}

export function handlerOf(req: Request): Handler {
	const path = pathOf(req);
	if (path.startsWith('/api/v1/')) return 'api';
	if (path === '/admin/v1' || path.startsWith('/admin/v1/')) return 'admin';
	if (path === '/docs' || path.startsWith('/docs/')) return 'docs';
	if (path === '/console' || path.startsWith('/console/')) return 'console';
	return EXACT[path] ?? 'other';
}

interface Notes {
	/** The id its access line and any other line about it carry (`observe-requests.ts`). */
	requestId?: string;
	apiMethod?: string;
	accountId?: string;
	refusal?: string;
	/** The fault that acted on the request (test double). */
	injectedFault?: number;
}

const NOTES = Symbol('request labels');

function notes(res: Response): Notes {
	const locals = res.locals as { [NOTES]?: Notes };
	return (locals[NOTES] ??= {});
}

/** Called when the request arrives, by the access log. */
export function noteRequestId(res: Response, id: string): void {
	notes(res).requestId = id;
}

export function requestIdOf(res: Response): string | undefined {
	return notes(res).requestId;
}

/** Called by the API router once the path names a method that exists. */
export function noteApiMethod(res: Response, name: string): void {
	notes(res).apiMethod = name;
}

/** Called once the request is authenticated: the account (user) id, never its key. */
export function noteAccount(res: Response, accountId: string): void {
	notes(res).accountId = accountId;
}

/** Called by the error handler: why a request was refused, so that its access line says so (and no other line does). */
export function noteRefusal(res: Response, reason: string): void {
	notes(res).refusal = reason;
}

export function apiMethodOf(res: Response): string | undefined {
	return notes(res).apiMethod;
}

export function accountOf(res: Response): string | undefined {
	return notes(res).accountId;
}

export function refusalOf(res: Response): string | undefined {
	return notes(res).refusal;
}

/** Called when a fault acts on the request (`test-double/faults.ts`): its answer, delay or drop was on purpose. */
export function noteInjectedFault(res: Response, faultId: number): void {
	notes(res).injectedFault = faultId;
}

export function injectedFaultOf(res: Response): number | undefined {
	return notes(res).injectedFault;
}
