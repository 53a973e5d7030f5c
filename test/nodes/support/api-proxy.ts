/**
 * A small HTTP proxy between a node under test and the real test server. It records every API call (method and
 * parameters) so tests can count requests, and lets a test act at exact points of a poll without sleeping:
 * - `before(call)` runs when a request arrives, before it is forwarded: it can change data on the server first
 *   (create a contact "while the poll pages"), or answer instead of the server (a 500, a 429 with Retry-After);
 * - `after(call)` runs when the server has answered, before the answer is passed on.
 * Everything else (status, headers such as `Date` and `Retry-After`, body) is passed through unchanged.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedCall {
	/** The API method, e.g. `getContacts`. */
	method: string;
	/** The JSON body (the transport sends every call as a JSON POST). */
	params: Record<string, unknown>;
	/** 1 for the first call of this method since the last `reset()`, 2 for the second, ... */
	nth: number;
	/** The status the node received (filled in when the answer was sent). */
	status?: number;
}

export interface CannedAnswer {
	status: number;
	headers?: Record<string, string>;
	body?: unknown;
}

export type BeforeHook = (call: ProxiedCall) => Promise<CannedAnswer | void> | CannedAnswer | void;
export type AfterHook = (call: ProxiedCall, status: number) => Promise<void> | void;

export interface ApiProxy {
	url: string;
	calls: ProxiedCall[];
	/** How many calls of `method` (of any method when omitted) since the last `reset()`. */
	count(method?: string): number;
	/** Forgets the recorded calls and the hooks. */
	reset(): void;
	before: BeforeHook | undefined;
	after: AfterHook | undefined;
	close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

function forward(
	target: URL,
	req: IncomingMessage,
	body: Buffer,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
	return new Promise((resolve, reject) => {
		const upstream = httpRequest(
			{
				host: target.hostname,
				port: target.port,
				method: req.method,
				path: req.url,
				headers: { ...req.headers, host: target.host, 'content-length': String(body.length) },
			},
			async (res) => {
				try {
					resolve({ status: res.statusCode ?? 502, headers: res.headers, body: await readBody(res) });
				} catch (error) {
					reject(error);
				}
			},
		);
		upstream.on('error', reject);
		upstream.end(body);
	});
}

export async function startApiProxy(targetUrl: string): Promise<ApiProxy> {
	const target = new URL(targetUrl);
	const proxy: ApiProxy = {
		url: '',
		calls: [],
		count: (method) => proxy.calls.filter((call) => method === undefined || call.method === method).length,
		reset() {
			proxy.calls = [];
			proxy.before = undefined;
			proxy.after = undefined;
		},
		before: undefined,
		after: undefined,
		close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
	};

	const server: Server = createServer(async (req, res) => {
		try {
			const body = await readBody(req);
			const method = /\/api\/v1\/([^/?]+)/.exec(req.url ?? '')?.[1] ?? '';
			let params: Record<string, unknown> = {};
			try {
				params = body.length > 0 ? JSON.parse(body.toString('utf8')) : {};
			} catch {
				params = {};
			}
			const call: ProxiedCall = { method, params, nth: proxy.count(method) + 1 };
			proxy.calls.push(call);

			const canned = await proxy.before?.(call);
			if (canned) {
				call.status = canned.status;
				res.writeHead(canned.status, { 'Content-Type': 'application/json', ...canned.headers });
				res.end(canned.body === undefined ? '' : JSON.stringify(canned.body));
				return;
			}
			const answer = await forward(target, req, body);
			await proxy.after?.(call, answer.status);
			call.status = answer.status;
			const headers = { ...answer.headers };
			delete headers['transfer-encoding'];
			res.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) });
			res.end(answer.body);
		} catch (error) {
			res.writeHead(599, { 'Content-Type': 'text/plain' });
			res.end(`proxy failure: ${(error as Error).message}`);
		}
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return proxy;
}
