/** A small keep-alive HTTP client for sequential calls: whole bodies as bytes, as a client that parses them reads them. */
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

export interface Answer {
	status: number;
	contentType: string;
	body: Buffer;
}

export function send(url: string, options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {}) {
	return new Promise<Answer>((resolve, reject) => {
		const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (chunk: Buffer) => chunks.push(chunk));
			res.on('end', () =>
				resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'] ?? '', body: Buffer.concat(chunks) }),
			);
			res.on('error', reject);
		});
		req.on('error', reject);
		req.end(options.body);
	});
}

export async function sendJson(url: string, body: unknown, headers: Record<string, string> = {}) {
	const answer = await send(url, {
		method: 'POST',
		headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...headers },
		body: JSON.stringify(body),
	});
	return { status: answer.status, data: JSON.parse(answer.body.toString() || 'null') as Record<string, any> };
}
