/**
 * A plain HTTP client for tests: never throws on a status, never follows redirects. Every answer of the API and
 * the admin API is checked against the OpenAPI document (`openapi-conformance.ts`): one that the reference does
 * not describe fails the call, and so the test that made it. `sendRaw`'s answers are checked the same way.
 */
import { connect } from 'node:net';
import axios, { type AxiosResponse } from 'axios';
import { referenceMismatch } from './openapi-conformance';

export type HttpResponse<T = any> = Pick<AxiosResponse<T>, 'status' | 'data' | 'headers'>;

export const http = axios.create({
	validateStatus: () => true,
	maxRedirects: 0,
	// Keep the raw body for 204 checks; parse JSON ourselves so an empty body stays ''.
	transformResponse: [
		(raw: unknown) => {
			if (typeof raw !== 'string' || raw === '') return raw;
			try {
				return JSON.parse(raw);
			} catch {
				return raw;
			}
		},
	],
});

http.interceptors.response.use((response) => {
	// An answer a fault injected on purpose (test double) is whatever the test asked for, not the reference's.
	if (response.headers['x-injected-fault'] !== undefined) return response;
	const mismatch = referenceMismatch({
		verb: response.config.method ?? 'get',
		url: axios.getUri(response.config),
		status: response.status,
		headers: response.headers,
		body: response.data,
	});
	if (mismatch) throw new Error(`The answer does not match GET /openapi.json: ${mismatch}`);
	return response;
});

export interface RawResponse {
	status: number;
	/** Header names in lower case. */
	headers: Record<string, string>;
	body: string;
}

/** The raw answer held to the reference, when the request line names a documented operation. */
function rawMismatch(baseUrl: string, request: string, { status, headers, body }: RawResponse): string | undefined {
	const [verb, target] = request.slice(0, request.indexOf('\r\n')).split(' ');
	let url: string;
	try {
		url = new URL(target, baseUrl).toString();
	} catch {
		return undefined;
	}
	let parsed: unknown = body;
	try {
		if (/^application\/json\b/.test(headers['content-type'] ?? '')) parsed = JSON.parse(body);
	} catch {
		// Left as text: the check then reports a body unlike the reference.
	}
	return referenceMismatch({ verb, url, status, headers, body: parsed });
}

/**
 * Sends `request` byte for byte on a new connection and reads the answer until the server closes it: for what an
 * HTTP client library will not send (two headers of one name, a malformed request line, ...).
 * The request should ask for `Connection: close`.
 */
export function sendRaw(baseUrl: string, request: string): Promise<RawResponse> {
	const { hostname, port } = new URL(baseUrl);
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		const socket = connect(Number(port), hostname, () => socket.write(request));
		socket.on('data', (chunk: Buffer) => chunks.push(chunk));
		socket.on('error', reject);
		socket.on('close', () => {
			const text = Buffer.concat(chunks).toString('utf8');
			const [head, ...rest] = text.split('\r\n\r\n');
			const [statusLine, ...headerLines] = head.split('\r\n');
			const headers = Object.fromEntries(
				headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
			);
			const answer = { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
			const mismatch = rawMismatch(baseUrl, request, answer);
			if (mismatch) reject(new Error(`The answer does not match GET /openapi.json: ${mismatch}`));
			else resolve(answer);
		});
	});
}
