/**
 * A baseline: serves recorded answers of the real server, byte for byte with their content type, by request URL
 * (whatever the method: a createOrUpdateContact answer goes back to every POST of it),
 * as bare Express (`express`) or bare `node:http` (`http`). What the server costs beyond writing the same bytes is
 * the difference between the two timings.
 *
 *   node -r ts-node/register bench/lib/replay-server.ts <express|http> <recordings.json>
 */
import { readFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';

export interface Recording {
	/** Request path and query, as sent. */
	url: string;
	status: number;
	contentType: string;
	/** The body, base64. */
	body: string;
}

const [kind, file] = process.argv.slice(2);
const answers = new Map(
	(JSON.parse(readFileSync(file, 'utf8')) as Recording[]).map((recording) => [
		recording.url,
		{ ...recording, bytes: Buffer.from(recording.body, 'base64') },
	]),
);

let handler: RequestListener;
if (kind === 'express') {
	const app = express();
	// A POST's JSON body is read and parsed, as any API would, before the recorded answer goes back.
	app.use(express.json());
	app.all('/{*path}', (req, res) => {
		const answer = answers.get(req.originalUrl);
		if (!answer) return void res.status(404).end();
		res.status(answer.status).type(answer.contentType).send(answer.bytes);
	});
	handler = app;
} else {
	handler = (req, res) => {
		const answer = answers.get(req.url ?? '');
		if (!answer) return void res.writeHead(404).end();
		res.writeHead(answer.status, { 'Content-Type': answer.contentType, 'Content-Length': answer.bytes.length }).end(answer.bytes);
	};
}
const server = createServer(handler).listen(0, '127.0.0.1', () => {
	console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
