/**
 * A small HTTP proxy in front of the test server. The node talks to it as its Base URL, so the tests see every
 * request n8n really sent (to count pages and check parameters and headers), and can inject the failures a real
 * network has: a connection reset before or after the server handled the request, or a canned answer such as a
 * 429 or 503. Everything else is forwarded unchanged to the real server.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
	/** API method from `/api/v1/<method>`. */
	method: string;
	verb: string;
	path: string;
	headers: IncomingHttpHeaders;
	/** Parsed JSON body, or {} when there was none. */
	body: Record<string, any>;
	/** What the client got back, when it got an answer. */
	response?: { status: number; headers: IncomingHttpHeaders };
}

export type Fault =
	/** Cut the connection without forwarding: the server never sees the request. */
	| { kind: 'reset-before-forward' }
	/** Forward and let the server finish, then cut the connection instead of answering. */
	| { kind: 'reset-after-forward' }
	/** Answer this instead of forwarding. */
	| { kind: 'respond'; status: number; headers?: Record<string, string>; body?: unknown };

export type AfterForwardHook = (
	request: ProxiedRequest,
	index: number,
) => Promise<Record<string, string> | void> | Record<string, string> | void;

export interface CountingProxy {
	url: string;
	requests: ProxiedRequest[];
	/** Requests for one API method, in order. */
	calls(method: string): ProxiedRequest[];
	/** The next requests for `method` get these faults, one each, in order. */
	inject(method: string, ...faults: Fault[]): void;
	/**
	 * Runs after a request for `method` was forwarded and answered (to change data mid-export, say). Headers it
	 * returns replace the server's in the answer (e.g. `Date`, to move the server's clock as the node sees it).
	 */
	afterForward(method: string, hook: AfterForwardHook): void;
	clear(): void;
	close(): Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
	const targetUrl = new URL(target);
	const requests: ProxiedRequest[] = [];
	const faults = new Map<string, Fault[]>();
	const hooks = new Map<string, AfterForwardHook>();

	const forward = (record: ProxiedRequest, raw: Buffer) =>
		new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
			const upstream = httpRequest(
				{
					hostname: targetUrl.hostname,
					port: targetUrl.port,
					method: record.verb,
					path: record.path,
					headers: { ...record.headers, host: targetUrl.host, connection: 'close' },
				},
				(res) => {
					const chunks: Buffer[] = [];
					res.on('data', (chunk: Buffer) => chunks.push(chunk));
					res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
					res.on('error', reject);
				},
			);
			upstream.on('error', reject);
			upstream.end(raw);
		});

	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', async () => {
			const raw = Buffer.concat(chunks);
			const path = req.url ?? '/';
			let body: Record<string, any> = {};
			try {
				body = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : {};
			} catch {
				body = { _raw: raw.toString('utf8') };
			}
			const method = /\/api\/v1\/([^/?]+)/.exec(path)?.[1] ?? path;
			const record: ProxiedRequest = { method, verb: req.method ?? 'GET', path, headers: req.headers, body };
			requests.push(record);
			const fault = faults.get(method)?.shift();
			try {
				if (fault?.kind === 'reset-before-forward') {
					req.socket.destroy();
					return;
				}
				if (fault?.kind === 'respond') {
					record.response = { status: fault.status, headers: { ...fault.headers } };
					res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
					res.end(fault.body === undefined ? '' : JSON.stringify(fault.body));
					return;
				}
				const answer = await forward(record, raw);
				const hook = hooks.get(method);
				const overrides = hook ? await hook(record, requests.filter((r) => r.method === method).length - 1) : undefined;
				if (fault?.kind === 'reset-after-forward') {
					req.socket.destroy();
					return;
				}
				record.response = { status: answer.status, headers: answer.headers };
				const headers: IncomingHttpHeaders = { ...answer.headers };
				for (const [name, value] of Object.entries(overrides ?? {})) headers[name.toLowerCase()] = value;
				delete headers['transfer-encoding'];
				delete headers.connection;
				res.writeHead(answer.status, headers);
				res.end(answer.body);
			} catch (error) {
				res.writeHead(502, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ message: `proxy: ${(error as Error).message}` }));
			}
		});
	});

	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;

	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		calls: (method) => requests.filter((r) => r.method === method),
		inject: (method, ...added) => faults.set(method, [...(faults.get(method) ?? []), ...added]),
		afterForward: (method, hook) => void hooks.set(method, hook),
		clear: () => {
			requests.length = 0;
			faults.clear();
			hooks.clear();
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
