/**
 * The real service, started in-process on a free port for a test file: Express app, rate limiter and the
 * real data layer (the embedded database here, or MongoDB when MONGODB_URI is set, in a database of its own).
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../server/src/config';
import { silentLogger, type Logger } from '../../server/src/logger';
import { startServer, type RunningServer } from '../../server/src/server';
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

/** `logger` receives the server's log lines (silent by default). */
export async function startTestServer(overrides: Partial<Config> = {}, logger: Logger = silentLogger): Promise<TestServer> {
	const dbName = uniqueDbName();
	const config: Config = {
		port: 0,
		host: '127.0.0.1',
		mongodbUri: isolatedUri(process.env.MONGODB_URI, dbName),
		adminToken: TEST_ADMIN_TOKEN,
		rateLimitPerMinute: 100_000,
		// Tests send many wrong keys from one address; the throttle's own tests lower this.
		authFailuresPerMinute: 100_000,
		trustProxy: false,
		publicUrl: undefined,
		logLevel: 'info',
		logFormat: 'json',
		metricsToken: undefined,
		...overrides,
	};
	const server = await startServer(config, logger, { dbName });
	return {
		url: server.url,
		admin: new AdminClient(server.url, config.adminToken ?? ''),
		server,
		async close() {
			if (config.mongodbUri) await server.database.connection.dropDatabase();
			await server.close();
		},
	};
}
