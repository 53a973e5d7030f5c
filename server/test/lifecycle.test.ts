/** Start-up and shutdown of the service: settings, the `listening on` line, /healthz, graceful SIGTERM and SIGINT. */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { once } from 'node:events';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { configWarnings, loadConfig, settingsSummary } from '../src/config';
import { createUser } from './support/factories';
import { http } from './support/http';
import {
	EMULATOR_CLI,
	lineMatching,
	listeningUrl,
	refusesConnections,
	serverLog,
	outputUntilExit,
	startProcess,
	stopProcess,
} from './support/processes';
import { startTestServer } from './support/test-server';
import { until } from './support/wait';

describe('settings (loadConfig)', () => {
	test('defaults match the settings table of server/README.md', () => {
		expect(loadConfig({}, false)).toEqual({
			port: 3000,
			host: '127.0.0.1',
			mongodbUri: undefined,
			adminToken: undefined,
			rateLimitPerMinute: 120,
			authFailuresPerMinute: 60,
			trustProxy: false,
			publicUrl: undefined,
			logLevel: 'info',
			logFormat: 'json',
			metricsToken: undefined,
			testDouble: false,
			seedFile: undefined,
			embeddedDatabaseInProduction: false,
			requestLogSize: 1000,
			consoleIdleTimeoutMs: 30 * 60_000,
		});
		expect(loadConfig({}, true).logFormat).toBe('pretty');
		expect(loadConfig({ LOG_FORMAT: 'json', LOG_LEVEL: 'DEBUG' }, true)).toMatchObject({ logFormat: 'json', logLevel: 'debug' });
	});

	test.each([
		['true', true],
		['false', false],
		['2', 2],
		['loopback, 10.0.0.0/8', 'loopback, 10.0.0.0/8'],
	])('TRUST_PROXY=%p is trust proxy %p', (raw, trustProxy) => {
		expect(loadConfig({ TRUST_PROXY: raw }).trustProxy).toEqual(trustProxy);
	});

	test('a short ADMIN_TOKEN is accepted with a warning; a long one without', () => {
		expect(configWarnings(loadConfig({ ADMIN_TOKEN: 'secret' }))).toEqual([
			expect.stringMatching(/ADMIN_TOKEN has 6 characters/),
		]);
		expect(configWarnings(loadConfig({ ADMIN_TOKEN: 'x'.repeat(32) }))).toEqual([]);
		expect(configWarnings(loadConfig({}))).toEqual([]);
	});

	test.each([
		[{ PORT: 'abc' }, /PORT/],
		[{ PORT: '70000' }, /PORT/],
		[{ RATE_LIMIT_PER_MINUTE: '0' }, /RATE_LIMIT_PER_MINUTE/],
		[{ AUTH_FAILURES_PER_MINUTE: 'many' }, /AUTH_FAILURES_PER_MINUTE/],
		[{ MONGODB_URI: 'postgres://x' }, /MONGODB_URI/],
		[{ MONGODB_URI: 'mongodb://' }, /MONGODB_URI/],
		[{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
		[{ LOG_LEVEL: 'verbose' }, /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/],
		[{ LOG_FORMAT: 'xml' }, /LOG_FORMAT/],
		[{ TEST_DOUBLE: 'maybe' }, /TEST_DOUBLE must be 1 or 0/],
		[{ TEST_DOUBLE: '0', SEED_FILE: 'seed.json' }, /SEED_FILE needs the test double/],
		[{ REQUEST_LOG_SIZE: '-1' }, /REQUEST_LOG_SIZE/],
	])('%j is refused with a reason naming the setting', (env, reason) => {
		expect(() => loadConfig(env)).toThrow(reason);
	});

	test("a replica set's connection string (several hosts) is accepted; its password never shows in the summary", () => {
		const uri = 'mongodb://app:s3cret@db1:27017,db2:27017,db3:27017/bot-platform?replicaSet=rs0&authSource=admin';
		const config = loadConfig({ MONGODB_URI: uri, ADMIN_TOKEN: 'admin-secret', METRICS_TOKEN: 'metrics-secret' });
		expect(config.mongodbUri).toBe(uri);
		const summary = JSON.stringify(settingsSummary(config));
		expect(summary).toContain('mongodb://app:[redacted]@db1:27017,db2:27017,db3:27017/bot-platform?replicaSet=rs0');
		for (const secret of ['s3cret', 'admin-secret', 'metrics-secret']) expect(summary).not.toContain(secret);
		expect(settingsSummary(config)).toMatchObject({
			adminApi: 'on (ADMIN_TOKEN set)',
			metrics: 'bearer token (METRICS_TOKEN set)',
		});
	});

	test('any non-empty ADMIN_TOKEN enables the admin API; an empty one leaves it off', () => {
		expect(loadConfig({ ADMIN_TOKEN: 'secret' }).adminToken).toBe('secret');
		expect(loadConfig({ ADMIN_TOKEN: '  ' }).adminToken).toBeUndefined();
	});

	test('the test double is on with TEST_DOUBLE=1 or with a SEED_FILE, and off by default (README, Settings)', () => {
		expect(loadConfig({ TEST_DOUBLE: '1' }).testDouble).toBe(true);
		expect(loadConfig({ SEED_FILE: '/srv/seed.json' })).toMatchObject({ testDouble: true, seedFile: '/srv/seed.json' });
		expect(loadConfig({}).testDouble).toBe(false);
	});

	test('a relative SEED_FILE is from where the command was run: the directory npm started in, for our own scripts', () => {
		// `npm start` at the root of a clone, run from the clone or from one of its folders: npm runs the script in
		// the package's folder and names the person's directory in INIT_CWD.
		const fromNpm = { npm_lifecycle_event: 'start', npm_package_name: 'n8n-nodes-bot-platform', INIT_CWD: '/home/ann/work' };
		expect(loadConfig({ ...fromNpm, SEED_FILE: 'seed.json' }).seedFile).toBe('/home/ann/work/seed.json');
		expect(loadConfig({ ...fromNpm, npm_package_name: 'bot-platform-server', SEED_FILE: '../s.yaml' }).seedFile).toBe(
			'/home/ann/s.yaml',
		);
		// node started directly, or by someone else's npm script (a user's own test run): its own working directory.
		expect(loadConfig({ SEED_FILE: 'server/examples/seed.json' }).seedFile).toBe(
			path.join(process.cwd(), 'server/examples/seed.json'),
		);
		expect(loadConfig({ ...fromNpm, npm_package_name: 'my-integration', SEED_FILE: 'seed.json' }).seedFile).toBe(
			path.join(process.cwd(), 'seed.json'),
		);
		// A server started by a process of our own `npm test` keeps its working directory.
		expect(loadConfig({ ...fromNpm, npm_lifecycle_event: 'test', SEED_FILE: 'seed.json' }).seedFile).toBe(
			path.join(process.cwd(), 'seed.json'),
		);
		expect(path.isAbsolute(loadConfig({ SEED_FILE: 'x.json' }, false).seedFile!)).toBe(true);
	});

	test('in production, a missing MONGODB_URI stops start-up unless the embedded database is asked for', () => {
		expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
			/^MONGODB_URI is unset while NODE_ENV is production: .* Set MONGODB_URI, or EMBEDDED_DATABASE=1/,
		);
		expect(loadConfig({ NODE_ENV: 'production', MONGODB_URI: 'mongodb://db:27017/bp' }).mongodbUri).toBe('mongodb://db:27017/bp');
		const optedIn = loadConfig({ NODE_ENV: 'production', EMBEDDED_DATABASE: '1' });
		expect(optedIn.mongodbUri).toBeUndefined();
		expect(configWarnings(optedIn)).toEqual([expect.stringMatching(/^EMBEDDED_DATABASE=1: .*lost at every restart/)]);
		expect(() => loadConfig({ NODE_ENV: 'production', EMBEDDED_DATABASE: 'perhaps' })).toThrow(
			/EMBEDDED_DATABASE must be 1 or 0/,
		);
		// Elsewhere the embedded database is the zero-setup default.
		expect(loadConfig({ NODE_ENV: 'development' }).mongodbUri).toBeUndefined();
	});

	test('PUBLIC_URL loses its trailing slash', () => {
		expect(loadConfig({ PUBLIC_URL: 'https://api.example.com/' }).publicUrl).toBe('https://api.example.com');
	});
});

/**
 * A getMe whose body is not sent yet: in flight for as long as the test wants. `Expect: 100-continue` makes the
 * server confirm it has read the headers, so the test knows the request really is in flight.
 */
async function requestInFlight(baseUrl: string, apiKey: string) {
	const url = new URL(`${baseUrl}/api/v1/getMe`);
	const body = JSON.stringify({ api_token: apiKey });
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
	return {
		/** Sends the body; resolves with the answer. */
		async finish(): Promise<{ status: number | undefined; body: any }> {
			inFlight.end(body);
			const [response] = (await answered) as [import('node:http').IncomingMessage];
			let text = '';
			for await (const chunk of response) text += chunk;
			return { status: response.statusCode, body: JSON.parse(text) };
		},
	};
}

describe('graceful shutdown (in-process)', () => {
	test('close() stops accepting, finishes the request in flight, then closes the database', async () => {
		const t = await startTestServer();
		const user = await createUser(t);
		const inFlight = await requestInFlight(t.url, user.apiKey);

		const closed = t.server.close();
		expect(await refusesConnections(t.url)).toBe(true);

		const answer = await inFlight.finish();
		expect(answer.status).toBe(200);
		expect(answer.body.data.email).toBe(user.email);

		await closed;
		expect(t.server.database.connection.readyState).toBe(0);
	});
});

describe('npm start', () => {
	const ROOT = path.resolve(__dirname, '../..');
	const ADMIN_TOKEN = 'npm-start-admin-token-0123456789';

	/** `npm start` in the repository, as a person or a process manager runs it (it builds first if needed). */
	function npmStart(): ChildProcess {
		const { MONGODB_URI: _ignored, ...inherited } = process.env;
		return spawn('npm', ['start'], {
			cwd: ROOT,
			env: { ...inherited, PORT: '0', HOST: '127.0.0.1', ADMIN_TOKEN, LOG_FORMAT: 'json' },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
	}

	const processGone = (pid: number) => {
		try {
			process.kill(pid, 0);
			return false;
		} catch (error) {
			return (error as NodeJS.ErrnoException).code === 'ESRCH';
		}
	};

	test.each(['SIGTERM', 'SIGINT'] as const)(
		'%s to the npm process stops the server gracefully: the request in flight is answered, exit 0, port freed',
		async (signal) => {
			const npm = npmStart();
			const log = serverLog(npm);
			try {
				const url = await listeningUrl(log);
				const { data: user } = await http.post(
					`${url}/admin/v1/users`,
					{ name: 'Npm Start', email: `npm-start-${signal}@example.com` },
					{ headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } },
				);
				const inFlight = await requestInFlight(url, user.data.api_key);

				const exited = once(npm, 'exit');
				npm.kill(signal);
				await log.first((entry) => entry.msg === `${signal} received: finishing in-flight requests`);
				// Stops accepting while the request is still in flight (the line is logged just before the listener closes).
				await until(() => refusesConnections(url), 'the listener closed');
				const answer = await inFlight.finish();
				expect(answer.status).toBe(200);

				expect(await exited).toEqual([0, null]);
				expect(log.entries.at(-1)).toMatchObject({ msg: 'stopped' });
				expect(await refusesConnections(url)).toBe(true);
				// The server was node itself, not a child left behind by npm or a shell.
				expect(processGone(log.entries.at(-1).pid)).toBe(true);
			} finally {
				npm.kill('SIGKILL');
				// SIGKILL cannot be passed on: end a server that a failed test left behind.
				const pid = log.entries[0]?.pid;
				if (pid !== undefined && !processGone(pid)) process.kill(pid, 'SIGKILL');
			}
		},
		180_000,
	);
});

describe('the server process (node server/dist/main.js)', () => {
	test('logs JSON lines: a settings summary, "listening on"; answers /healthz; exits 0 on SIGTERM', async () => {
		const child = startProcess({ PORT: '0', HOST: '127.0.0.1', ADMIN_TOKEN: 'lifecycle-secret-token' });
		const log = serverLog(child);
		try {
			const url = await listeningUrl(log);
			const health = await http.get(`${url}/healthz`);
			expect(health.status).toBe(200);
			expect(health.data).toEqual({ status: 'ok' });
			expect(await stopProcess(child)).toBe(0);
			expect(log.entries[0]).toMatchObject({
				level: 'info',
				msg: 'starting',
				settings: { port: 0, adminApi: 'on (ADMIN_TOKEN set)' },
			});
			expect(log.entries.at(-1)).toMatchObject({ level: 'info', msg: 'stopped' });
			expect(JSON.stringify(log.entries)).not.toContain('lifecycle-secret-token');
		} finally {
			child.kill('SIGKILL');
		}
	});

	test('the embedded emulator is reached through a Unix socket in a directory of its own, gone after exit', async () => {
		const child = startProcess({ PORT: '0', HOST: '127.0.0.1' });
		const log = serverLog(child);
		try {
			await listeningUrl(log);
			const line = await log.first((entry) => /^database: MongoDB wire-protocol emulator/.test(entry.msg));
			// The TCP address comes first: tools given the database's address (the benchmark) take the first one.
			const [, tcpUri, socketPath] = /on (mongodb:\/\/127\.0\.0\.1:\d+) and (\/\S+\.sock)\b/.exec(line.msg) ?? [];
			expect(tcpUri).toBeDefined();
			expect(statSync(socketPath).isSocket()).toBe(true);
			expect(statSync(path.dirname(socketPath)).mode & 0o777).toBe(0o700);
			expect(await stopProcess(child)).toBe(0);
			expect(existsSync(path.dirname(socketPath))).toBe(false);
		} finally {
			child.kill('SIGKILL');
		}
	});

	test('with a temporary directory it cannot write to, the embedded emulator is reached over TCP alone', async () => {
		const child = startProcess({ PORT: '0', HOST: '127.0.0.1', TMPDIR: path.join(__dirname, 'no-such-directory') });
		const log = serverLog(child);
		try {
			const url = await listeningUrl(log);
			const line = await log.first((entry) => /^database: MongoDB wire-protocol emulator/.test(entry.msg));
			expect(line.msg).toMatch(/on mongodb:\/\/127\.0\.0\.1:\d+, on a thread/);
			// /healthz pings the database.
			expect((await http.get(`${url}/healthz`)).data).toEqual({ status: 'ok' });
			expect(await stopProcess(child)).toBe(0);
		} finally {
			child.kill('SIGKILL');
		}
	});

	test('invalid settings stop start-up with a one-line reason and exit code 1', async () => {
		const { code, stdout, stderr } = await outputUntilExit(startProcess({ PORT: 'eighty' }));
		expect(code).toBe(1);
		const lines = stdout.trim().split('\n');
		expect(lines).toHaveLength(1);
		expect(JSON.parse(lines[0])).toMatchObject({ level: 'fatal', msg: expect.stringMatching(/PORT/) });
		expect(stderr).toBe('');
	});

	test('a database still unreachable at start: each attempt logged; SIGTERM while waiting exits 0', async () => {
		const child = startProcess({ PORT: '0', MONGODB_URI: 'mongodb://127.0.0.1:1/unreachable' });
		const log = serverLog(child);
		try {
			const attempt = await log.first((entry) => entry.msg === 'database unreachable at start-up: retrying');
			expect(attempt).toMatchObject({ level: 'warn', attempt: 1, retry_in_ms: 1000 });
			expect(await stopProcess(child)).toBe(0);
			expect(log.entries.at(-1)).toMatchObject({ msg: 'stopped before start-up finished' });
		} finally {
			child.kill('SIGKILL');
		}
	});
});

describe('the standalone emulator (npm run mongo-emulator)', () => {
	test('SIGTERM to the npm process stops the emulator itself: exit 0, its port freed', async () => {
		const npm = spawn('npm', ['run', '--silent', 'mongo-emulator', '--', '--port', '0'], {
			cwd: path.resolve(__dirname, '../..'),
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		try {
			const [, uri] = await lineMatching(npm, /listening on (mongodb:\/\/\S+)/);
			const exited = once(npm, 'exit');
			npm.kill('SIGTERM');
			expect(await exited).toEqual([0, null]);
			// node was the script's process itself (exec), so nothing is left listening.
			expect(await refusesConnections(uri.replace('mongodb://', 'http://'))).toBe(true);
		} finally {
			npm.kill('SIGKILL');
		}
	});

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
				return { child, url: await listeningUrl(serverLog(child)) };
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
