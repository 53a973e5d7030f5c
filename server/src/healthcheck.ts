/**
 * The container's HEALTHCHECK: exits 0 when this host's server answers `GET /healthz` with 200 (database
 * reachable and ready), 1 otherwise. Node itself, because slim images have neither curl nor wget.
 * It reads the same PORT and HOST as the server; a server listening on every address is asked on loopback.
 */
import { request } from 'node:http';

const TIMEOUT_MS = 4_000;

function probeHost(host: string | undefined): string {
	if (host === undefined || host === '' || host === '0.0.0.0') return '127.0.0.1';
	return host === '::' ? '::1' : host;
}

const req = request(
	{
		host: probeHost(process.env.HOST?.trim()),
		port: Number(process.env.PORT?.trim() || 3000),
		path: '/healthz',
		timeout: TIMEOUT_MS,
	},
	(res) => {
		res.resume();
		process.exitCode = res.statusCode === 200 ? 0 : 1;
	},
);
req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
req.on('error', (error) => {
	console.error(`healthcheck: ${error.message}`);
	process.exitCode = 1;
});
req.end();
