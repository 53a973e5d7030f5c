/** Start-up and shutdown of the service: settings, the `listening on` line, /healthz, graceful SIGTERM. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { loadConfig } from '../../server/src/config';
import { createAccount } from '../support/factories';
import { http } from '../support/http';
import { startTestServer } from '../support/test-server';

const MAIN = path.resolve(__dirname, '../../server/dist/main.js');
const EMULATOR_CLI = path.resolve(__dirname, '../../server/mongo-emulator/dist/cli.js');

function startProcess(env: Record<string, string>, script = MAIN, args: string[] = []): ChildProcess {
	if (!existsSync(script)) throw new Error(`${script} is missing: run \`npm run build\` first (npm test does)`);
	const { MONGODB_URI: _ignored, ...inherited } = process.env;
	return spawn(process.execPath, [script, ...args], { env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

async function stopProcess(child: ChildProcess): Promise<number | null> {
	const exited = once(child, 'exit');
	child.kill('SIGTERM');
	const [code] = await exited;
	return code as number | null;
}

/** Resolves with the first stdout line matching `pattern`. */
async function lineMatching(child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
	for await (const line of createInterface({ input: child.stdout! })) {
		const match = pattern.exec(line);
		if (match) return match;
	}
	throw new Error(`the process ended before printing ${pattern}`);
}

describe('settings (loadConfig)', () => {
	test('defaults match the settings table of server/README.md', () => {
		expect(loadConfig({})).toEqual({
			port: 3000,
			host: '127.0.0.1',
			mongodbUri: undefined,
			adminToken: undefined,
			rateLimitPerMinute: 120,
			publicUrl: undefined,
		});
	});

	test.each([
		[{ PORT: 'abc' }, /PORT/],
		[{ PORT: '70000' }, /PORT/],
		[{ RATE_LIMIT_PER_MINUTE: '0' }, /RATE_LIMIT_PER_MINUTE/],
		[{ MONGODB_URI: 'postgres://x' }, /MONGODB_URI/],
		[{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
	])('%j is refused with a reason naming the setting', (env, reason) => {
		expect(() => loadConfig(env)).toThrow(reason);
	});

	test('any non-empty ADMIN_TOKEN enables the admin API; an empty one leaves it off', () => {
		expect(loadConfig({ ADMIN_TOKEN: 'secret' }).adminToken).toBe('secret');
		expect(loadConfig({ ADMIN_TOKEN: '  ' }).adminToken).toBeUndefined();
	});

	test('PUBLIC_URL loses its trailing slash', () => {
		expect(loadConfig({ PUBLIC_URL: 'https://api.example.com/' }).publicUrl).toBe('https://api.example.com');
	});
});

describe('graceful shutdown (in-process)', () => {
	test('close() stops accepting, finishes the request in flight, then closes the database', async () => {
		const t = await startTestServer();
		const account = await createAccount(t);
		const url = new URL(`${t.url}/api/v1/getMe`);
		const body = JSON.stringify({ api_token: account.apiKey });

		// A request whose body is not sent yet is in flight for as long as the test wants. `Expect: 100-continue`
		// makes the server confirm it has read the headers, so the test knows the request really is in flight.
		const inFlight = request({
			host: url.hostname,
			port: url.port,
			path: url.pathname,
			method: 'POST',
			headers: {
				'Content-Type': 'application/json',
				'Content-Length': Buffer.byteLength(body),
				Accept: 'application/json',
				Expect: '100-continue',
			},
		});
		const answered = once(inFlight, 'response');
		inFlight.flushHeaders();
		await once(inFlight, 'continue');

		const closed = t.server.close();
		const refused = await http.get(`${t.url}/healthz`).then(
			() => false,
			(error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
		);
		expect(refused).toBe(true);

		inFlight.end(body);
		const [response] = (await answered) as [import('node:http').IncomingMessage];
		let text = '';
		for await (const chunk of response) text += chunk;
		expect(response.statusCode).toBe(200);
		expect(JSON.parse(text).data.email).toBe(account.email);

		await closed;
		expect(t.server.database.connection.readyState).toBe(0);
	});
});

describe('the server process (npm start)', () => {
	test('prints "listening on", answers /healthz, and exits 0 on SIGTERM', async () => {
		const child = startProcess({ PORT: '0', HOST: '127.0.0.1' });
		try {
			const [, url] = await lineMatching(child, /listening on (http:\/\/\S+)/);
			const health = await http.get(`${url}/healthz`);
			expect(health.status).toBe(200);
			expect(health.data).toEqual({ status: 'ok' });
			expect(await stopProcess(child)).toBe(0);
		} finally {
			child.kill('SIGKILL');
		}
	});

	test('invalid settings stop start-up with a one-line reason and exit code 1', async () => {
		const child = startProcess({ PORT: 'eighty' });
		let stderr = '';
		child.stderr!.on('data', (chunk) => (stderr += chunk));
		const [code] = await once(child, 'exit');
		expect(code).toBe(1);
		const lines = stderr.trim().split('\n');
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatch(/PORT/);
	});
});

describe('the standalone emulator (npm run mongo-emulator)', () => {
	test('several server processes share it, and data survives a server restart', async () => {
		const emulator = startProcess({}, EMULATOR_CLI, ['--port', '0']);
		const adminToken = 'lifecycle-admin-token-0123456789';
		const started: ChildProcess[] = [emulator];
		try {
			const [, emulatorUri] = await lineMatching(emulator, /listening on (mongodb:\/\/\S+)/);
			const env = { PORT: '0', ADMIN_TOKEN: adminToken, MONGODB_URI: `${emulatorUri}/restart-test` };
			const startServer = async () => {
				const child = startProcess(env);
				started.push(child);
				const [, url] = await lineMatching(child, /listening on (http:\/\/\S+)/);
				return { child, url };
			};

			const first = await startServer();
			const created = await http.post(
				`${first.url}/admin/v1/users`,
				{ name: 'Restart', email: 'restart@example.com' },
				{ headers: { Authorization: `Bearer ${adminToken}` } },
			);
			expect(created.status).toBe(201);
			const second = await startServer();
			expect(await stopProcess(first.child)).toBe(0);

			const me = await http.get(`${second.url}/api/v1/getMe`, {
				headers: { Authorization: `Bearer ${created.data.data.api_key}`, Accept: 'application/json' },
			});
			expect(me.status).toBe(200);
			expect(me.data.data.email).toBe('restart@example.com');
			expect(await stopProcess(second.child)).toBe(0);
			expect(await stopProcess(emulator)).toBe(0);
		} finally {
			for (const child of started) child.kill('SIGKILL');
		}
	});
});
