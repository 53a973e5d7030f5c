/**
 * The real service, started in-process on a free port for a test file, through the server's testing entry
 * (`server/src/testing/launch.ts`, what `startBotPlatformServer` runs): Express app, rate limiter and the
 * real data layer (the embedded database here, or MongoDB when MONGODB_URI is set, in a database of its own).
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../src/config';
import { silentLogger, type Logger } from '../../src/logger';
import type { RunningServer } from '../../src/server';
import { launchBotPlatformServer } from '../../src/testing/launch';
import { AdminClient } from './admin-client';
import type { ServerWithAdmin } from './factories';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface TestServer extends ServerWithAdmin {
	server: RunningServer;
	close(): Promise<void>;
}

function uniqueDbName(): string {
	return `test_${randomBytes(6).toString('hex')}`;
}

/** With a real MongoDB, each test server gets a database of its own so test files never see each other's data. */
function isolatedUri(uri: string | undefined, dbName: string): string | undefined {
	if (uri === undefined) return undefined;
	const url = new URL(uri);
	url.pathname = `/${dbName}`;
	return url.toString();
}

/**
 * `logger` receives the server's log lines (silent by default); `seed` is a seed's data. The test double is on
 * unless `overrides.testDouble` is false. `monitorCommands` turns on the driver's command monitoring (see
 * `command-counter.ts`).
 */
export async function startTestServer(
	overrides: Partial<Config> = {},
	logger: Logger = silentLogger,
	seed?: unknown,
	{ monitorCommands = false }: { monitorCommands?: boolean } = {},
): Promise<TestServer> {
	const dbName = uniqueDbName();
	const mongodbUri = isolatedUri(process.env.MONGODB_URI, dbName);
	const started = await launchBotPlatformServer({
		dbName,
		logger,
		seed,
		monitorCommands,
		// The embedded emulator on the test's own thread: on a worker, it would be compiled by ts-node again for every
		// test server (seconds each). The worker thread is what the server processes of the process tests run.
		embedded: { thread: false },
		config: { mongodbUri, adminToken: TEST_ADMIN_TOKEN, ...overrides },
	});
	return {
		url: started.url,
		admin: new AdminClient(started.url, started.adminToken),
		server: started.server,
		async close() {
			if (mongodbUri) await started.server.database.connection.dropDatabase();
			await started.stop();
		},
	};
}

/**
 * The URI of `t`'s database, for another server on the same data: the embedded emulator's Unix socket (or its TCP
 * address), or the MongoDB of MONGODB_URI.
 */
export function databaseUriOf(t: TestServer): string {
	const { name } = t.server.database.connection;
	if (process.env.MONGODB_URI) return isolatedUri(process.env.MONGODB_URI, name)!;
	const [address] = t.server.database.connection.getClient().options.hosts;
	const server = address.socketPath ? encodeURIComponent(address.socketPath) : `${address.host}:${address.port}`;
	return `mongodb://${server}/${name}`;
}
