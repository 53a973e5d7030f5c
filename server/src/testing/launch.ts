/**
 * Starts the real server in this process as a test double: the embedded database (or `mongodbUri`), a free
 * port, the admin API and the test double on. Shared by the public entry (`index.ts`) and this repository's tests.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { EmbeddedOptions } from '../database/embedded';
import { silentLogger, type Logger } from '../logger';
import { loadSeedFile, parseSeed } from '../seed/load';
import { startServer, type RunningServer } from '../server';
import { AdminClient, type AdminTransport } from './admin-client';

export interface BotPlatformServerOptions {
	/** The seed: its data as in a seed file, or the path of a seed file (JSON or YAML). */
	seed?: unknown;
	/** 0 (the default) for a free port. */
	port?: number;
	/** `127.0.0.1` by default. */
	host?: string;
	/** Random by default; the `admin` client has it. */
	adminToken?: string;
	/** Requests per minute per account (§8); high by default so that suites do not trip it unasked. */
	rateLimitPerMinute?: number;
	/** A real MongoDB instead of the embedded database. */
	mongodbUri?: string;
	/** How many API calls the request log keeps (1000). */
	requestLogSize?: number;
	/** Receives the server's log lines; silent by default. */
	logger?: Logger;
}

export interface StartedBotPlatformServer {
	/** `http://127.0.0.1:<port>`: the API is at `${url}/api/v1`. */
	url: string;
	adminToken: string;
	admin: AdminClient;
	/** Stops the server: in-flight requests finish, the database closes. */
	stop(): Promise<void>;
}

export interface LaunchOptions extends BotPlatformServerOptions {
	/** The embedded database's name. */
	dbName?: string;
	/** Replaces how the admin client sends its calls. */
	adminTransport?: AdminTransport;
	/** Any other setting. */
	config?: Partial<Config>;
	/** The driver's command monitoring, for tests that count commands per call. */
	monitorCommands?: boolean;
	/** How the embedded database runs (on a thread of its own by default: see `database/embedded.ts`). */
	embedded?: EmbeddedOptions;
}

function seedOf(seed: unknown) {
	if (seed === undefined) return undefined;
	return typeof seed === 'string' ? loadSeedFile(seed) : parseSeed(seed, 'seed');
}

/** The public result plus the running server, for this repository's own tests. */
export async function launchBotPlatformServer(
	options: LaunchOptions = {},
): Promise<StartedBotPlatformServer & { server: RunningServer }> {
	const adminToken = options.adminToken ?? `admin-${randomBytes(24).toString('hex')}`;
	const config: Config = {
		port: options.port ?? 0,
		host: options.host ?? '127.0.0.1',
		mongodbUri: options.mongodbUri,
		adminToken,
		rateLimitPerMinute: options.rateLimitPerMinute ?? 100_000,
		// Suites try wrong keys on purpose, all from one address; the throttle would soon answer 429 instead of 401.
		authFailuresPerMinute: 100_000,
		trustProxy: false,
		publicUrl: undefined,
		logLevel: 'info',
		logFormat: 'json',
		metricsToken: undefined,
		testDouble: true,
		seedFile: undefined,
		// The in-process test double is the embedded database by design, whatever NODE_ENV says.
		embeddedDatabaseInProduction: false,
		requestLogSize: options.requestLogSize ?? 1000,
		consoleIdleTimeoutMs: 30 * 60_000,
		...options.config,
	};
	const server = await startServer(config, options.logger ?? silentLogger, {
		dbName: options.dbName,
		seed: seedOf(options.seed),
		monitorCommands: options.monitorCommands,
		embedded: options.embedded,
	});
	return {
		url: server.url,
		adminToken: config.adminToken ?? '',
		admin: new AdminClient(server.url, config.adminToken ?? '', options.adminTransport),
		server,
		stop: () => server.close(),
	};
}
