/**
 * When the database goes away, the API says so quickly with a 503 (never a 500), and /healthz reports it;
 * when it comes back, even empty, the server reconnects by itself and re-creates the unique indexes before it
 * serves again. The database here is a standalone emulator stopped and restarted on the same port.
 */
import { MongoClient } from 'mongodb';
import { createLogger } from '../../src/logger';
import { startMongoEmulator, type MongoEmulator } from 'bot-platform-mongo-emulator';
import { startServer } from '../../src/server';
import { createUser, createUserWithBot, createContact, randomMessengerId } from '../support/factories';
import { http } from '../support/http';
import { freePort } from '../support/ports';
import { startTestServer, type TestServer } from '../support/test-server';
import { until } from '../support/wait';

const quietEmulator = { warn: () => {} };

const healthStatus = async (t: TestServer) => (await http.get(`${t.url}/healthz`, { timeout: 10_000 })).status;

/** The database came back empty: its unique indexes are there again, and hold under racing calls. */
async function expectUniqueIndexesBack(t: TestServer, client: MongoClient): Promise<void> {
	const indexes = await client.db().collection('contact_accounts').indexes();
	expect(indexes.some((index) => index.unique && index.key.contactId === 1 && index.key.currency === 1)).toBe(true);
	// One contact account per currency, one contact per messenger ID.
	const { user, bot } = await createUserWithBot(t);
	const contact = await createContact(t, bot);
	const opened = await Promise.all(
		Array.from({ length: 5 }, () => user.api.call('addContactAccount', { contact_id: contact.id, currency: 'EUR' })),
	);
	expect(opened.map((res) => res.status).sort()).toEqual([201, 422, 422, 422, 422]);
	const telegramId = randomMessengerId();
	const contacts = await Promise.all(
		Array.from({ length: 5 }, () =>
			user.api.call('createOrUpdateContact', {
				bot_id: bot.id,
				messenger: 'telegram',
				name: 'Racer',
				telegram_id: telegramId,
			}),
		),
	);
	expect(new Set(contacts.map((res) => res.data.data.id)).size).toBe(1);
}

test('an unreachable database is a JSON 503 with Retry-After, well before a driver timeout, and /healthz is 503', async () => {
	const emulator = await startMongoEmulator({ port: 0, logger: quietEmulator });
	const t = await startTestServer({ mongodbUri: `${emulator.uri}/outage` });
	try {
		const user = await createUser(t);
		expect((await user.api.call('getMe')).status).toBe(200);

		await emulator.close();
		// The client gives up after 10 s: the driver's own default (30 s) would fail this.
		const res = await http.get(`${t.url}/api/v1/getMe`, {
			headers: { Authorization: `Bearer ${user.apiKey}`, Accept: 'application/json' },
			timeout: 10_000,
		});
		expect(res.status).toBe(503);
		expect(res.data).toEqual({ message: expect.any(String) });
		expect(res.headers['retry-after']).toBe('5');
		const health = await http.get(`${t.url}/healthz`, { timeout: 10_000 });
		expect(health.status).toBe(503);
		expect(health.data).toEqual({ status: 'unavailable' });
	} finally {
		await t.server.close();
	}
}, 60_000);

describe('a database that comes back', () => {
	const OUTAGES = 10;
	let emulator: MongoEmulator;
	let t: TestServer;
	beforeAll(async () => {
		emulator = await startMongoEmulator({ port: 0, logger: quietEmulator });
		t = await startTestServer({ mongodbUri: `${emulator.uri}/comeback` });
	});
	afterAll(async () => {
		await t.server.close();
		await emulator.close();
	});

	test(`is reconnected to after each of ${OUTAGES} outages under load, and an empty one gets its unique indexes back before writes`, async () => {
		const port = emulator.port;
		let loading = true;
		const statuses = new Map<number, number>();
		// Calls keep coming through every outage, as they would in production.
		const caller = await createUser(t);
		const load = (async () => {
			while (loading) {
				const res = await caller.api.call('getMe').catch(() => ({ status: 0 }));
				statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
			}
		})();
		const client = new MongoClient(`${emulator.uri}/comeback`, { serverSelectionTimeoutMS: 10_000 });
		try {
			for (let outage = 1; outage <= OUTAGES; outage++) {
				await emulator.close();
				await until(async () => (await healthStatus(t)) === 503, `/healthz 503 in outage ${outage}`);

				emulator = await startMongoEmulator({ port, logger: quietEmulator });
				await until(async () => (await healthStatus(t)) === 200, `/healthz 200 after outage ${outage}`);

				await expectUniqueIndexesBack(t, client);
			}
		} finally {
			loading = false;
			await client.close();
			await load;
		}
		// No call was ever answered with a 500 or left unanswered.
		expect([...statuses.keys()].filter((status) => ![200, 401, 503].includes(status))).toEqual([]);
	}, 300_000);
});

describe('a database restarted too fast for the driver to report it', () => {
	const RESTARTS = 5;
	let emulator: MongoEmulator;
	let t: TestServer;
	beforeAll(async () => {
		emulator = await startMongoEmulator({ port: 0, logger: quietEmulator });
		// A polling monitor with a long interval never checks during a restart, so the driver never reports one:
		// the same blind spot as a streaming monitor's first half second after each reconnect, but every time.
		t = await startTestServer({
			mongodbUri: `${emulator.uri}/blink?serverMonitoringMode=poll&heartbeatFrequencyMS=600000`,
		});
	});
	afterAll(async () => {
		await t.server.close();
		await emulator.close();
	});

	test(`gets its unique indexes back before /healthz is 200 or writes are served, ${RESTARTS} times`, async () => {
		const port = emulator.port;
		const client = new MongoClient(`${emulator.uri}/blink`, { serverSelectionTimeoutMS: 10_000 });
		try {
			for (let restart = 1; restart <= RESTARTS; restart++) {
				// No request in between: only the dead pooled connections tell that the database went away.
				await emulator.close();
				emulator = await startMongoEmulator({ port, logger: quietEmulator });
				await until(async () => (await healthStatus(t)) === 200, `/healthz 200 after restart ${restart}`);
				await expectUniqueIndexesBack(t, client);
			}
		} finally {
			await client.close();
		}
	}, 120_000);
});

test('a database unreachable at start is retried with backoff, each attempt logged, until it comes', async () => {
	const port = await freePort();
	const lines: any[] = [];
	const logger = createLogger(
		{ logLevel: 'info', logFormat: 'json' },
		{ write: (line: string) => void lines.push(JSON.parse(line)) },
	);
	const config = (await import('../../src/config')).loadConfig({
		PORT: '0',
		MONGODB_URI: `mongodb://127.0.0.1:${port}/late`,
	});
	const starting = startServer(config, logger);
	const retries = () => lines.filter((line) => line.msg === 'database unreachable at start-up: retrying');
	let emulator: MongoEmulator | undefined;
	try {
		await until(() => retries().length >= 2, 'two logged attempts');
		expect(retries().slice(0, 2)).toEqual([
			expect.objectContaining({ level: 'warn', attempt: 1, retry_in_ms: 1000, reason: expect.any(String) }),
			expect.objectContaining({ level: 'warn', attempt: 2, retry_in_ms: 2000 }),
		]);
		emulator = await startMongoEmulator({ port, logger: quietEmulator });
		const server = await starting;
		expect((await http.get(`${server.url}/healthz`)).status).toBe(200);
		expect(lines).toContainEqual(expect.objectContaining({ msg: 'database reachable', attempt: expect.any(Number) }));
		await server.close();
	} finally {
		await emulator?.close();
	}
}, 60_000);
