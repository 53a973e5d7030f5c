/** A TCP port free on loopback right now, for a server a test starts later (or stops and starts again). */
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
	const probe = createServer().listen(0, '127.0.0.1');
	await new Promise((resolve) => probe.once('listening', resolve));
	const { port } = probe.address() as { port: number };
	await new Promise((resolve) => probe.close(resolve));
	return port;
}
