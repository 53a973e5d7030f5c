/** Server settings, read once from the environment. Invalid values stop start-up with a one-line reason. */
import path from 'node:path';

export interface Config {
	port: number;
	host: string;
	/** A real MongoDB; undefined means the embedded database. */
	mongodbUri: string | undefined;
	/** Enables the admin API; undefined means every admin path answers 404. */
	adminToken: string | undefined;
	rateLimitPerMinute: number;
	/** Failed authentications allowed per client address and minute, for API keys and the admin token apart. */
	authFailuresPerMinute: number;
	/** Express's `trust proxy`: which proxies may name the client address (X-Forwarded-For); false trusts none. */
	trustProxy: boolean | number | string;
	/** Base of pagination links; undefined means "from the request's Host". */
	publicUrl: string | undefined;
	/** Least severe log line written (pino's levels), `info` by default. */
	logLevel: LogLevel;
	/** `json` (one object a line) or `pretty` (for people); by default pretty only when stdout is a terminal. */
	logFormat: LogFormat;
	/** When set, `GET /metrics` wants `Authorization: Bearer <token>`; otherwise it is open (see the README). */
	metricsToken: string | undefined;
	/** Faults, the request log and reset (`/admin/v1/faults`, `/requests`, `/reset`): on with TEST_DOUBLE=1 or SEED_FILE. */
	testDouble: boolean;
	/** A seed file the data is set to at start-up and on every reset, as an absolute path. */
	seedFile: string | undefined;
	/** EMBEDDED_DATABASE=1: the in-memory database even where NODE_ENV is production (otherwise refused there). */
	embeddedDatabaseInProduction: boolean;
	/** How many API calls the request log keeps. */
	requestLogSize: number;
	/** A console session ends after this long without a request (CONSOLE_IDLE_MINUTES, 30 by default). */
	consoleIdleTimeoutMs: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integerSetting(env: Env, name: string, fallback: number, min: number, max: number): number {
	const raw = env[name]?.trim();
	if (raw === undefined || raw === '') return fallback;
	if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
		throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
	}
	return Number(raw);
}

function optionalSetting(env: Env, name: string): string | undefined {
	const raw = env[name]?.trim();
	return raw === undefined || raw === '' ? undefined : raw;
}

function choiceSetting<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
	const raw = optionalSetting(env, name)?.toLowerCase();
	if (raw === undefined) return fallback;
	if (!(choices as readonly string[]).includes(raw))
		throw new ConfigError(`${name} must be one of ${choices.join(', ')}, got "${raw}"`);
	return raw as T;
}

/**
 * A MongoDB connection string. WHATWG URLs cannot hold a replica set's host list (`h1:27017,h2:27017`), so
 * only the scheme and the presence of a host are checked here; the driver parses the rest at start-up.
 */
function mongodbUriSetting(env: Env, name: string): string | undefined {
	const raw = optionalSetting(env, name);
	if (raw === undefined) return undefined;
	if (!/^mongodb(\+srv)?:\/\/[^/?#\s]+(\/[^?#\s]*)?(\?\S*)?$/.test(raw)) {
		throw new ConfigError(`${name} must be a mongodb:// or mongodb+srv:// connection string, got "${redactUri(raw)}"`);
	}
	return raw;
}

/** A connection string fit for logs: the password and any secret-looking option replaced. */
export function redactUri(uri: string): string {
	return uri
		.replace(/^([a-z+]+:\/\/[^:@/?#]*):[^@/?#]*@/i, '$1:[redacted]@')
		.replace(/([?&][^=&]*(?:password|secret|token|authMechanismProperties)[^=&]*=)[^&]*/gi, '$1[redacted]');
}

function urlSetting(env: Env, name: string, protocols: string[]): string | undefined {
	const raw = optionalSetting(env, name);
	if (raw === undefined) return undefined;
	let url: URL;
	try {
		url = new URL(raw);
	} catch {
		throw new ConfigError(`${name} must be a URL, got "${raw}"`);
	}
	if (!protocols.includes(url.protocol)) {
		throw new ConfigError(`${name} must start with ${protocols.join(' or ')}//, got "${raw}"`);
	}
	return raw;
}

/** Express's `trust proxy` values: true/false, a hop count, or addresses and subnets (`loopback`, `10.0.0.0/8`). */
function trustProxySetting(env: Env): boolean | number | string {
	const raw = optionalSetting(env, 'TRUST_PROXY');
	if (raw === undefined || raw === 'false') return false;
	if (raw === 'true') return true;
	return /^\d+$/.test(raw) ? Number(raw) : raw;
}

/** An admin token shorter than this can be guessed; it is accepted, with a warning at start-up. */
export const SHORT_ADMIN_TOKEN = 32;

/** Settings that work but deserve the operator's attention, one line each. */
export function configWarnings(config: Config): string[] {
	const warnings: string[] = [];
	if (config.embeddedDatabaseInProduction && config.mongodbUri === undefined) {
		warnings.push(
			'EMBEDDED_DATABASE=1: running on the embedded database, which keeps data in memory only; it is lost at every restart',
		);
	}
	if (config.adminToken !== undefined && config.adminToken.length < SHORT_ADMIN_TOKEN) {
		warnings.push(
			`ADMIN_TOKEN has ${config.adminToken.length} characters; use a random secret of at least ${SHORT_ADMIN_TOKEN} (e.g. openssl rand -hex 32)`,
		);
	}
	return warnings;
}

/** What the start-up log line shows of the settings: every one, secrets only as whether they are set. */
export function settingsSummary(config: Config): Record<string, unknown> {
	const { adminToken, metricsToken, mongodbUri, publicUrl, ...plain } = config;
	return {
		...plain,
		mongodbUri: mongodbUri === undefined ? '(unset: embedded database)' : redactUri(mongodbUri),
		publicUrl: publicUrl ?? "(unset: links follow the request's Host)",
		adminApi: adminToken === undefined ? 'off (ADMIN_TOKEN unset)' : 'on (ADMIN_TOKEN set)',
		metrics: metricsToken === undefined ? 'open (METRICS_TOKEN unset)' : 'bearer token (METRICS_TOKEN set)',
		testDouble: plain.testDouble ? 'on (faults, request log, reset)' : 'off (TEST_DOUBLE and SEED_FILE unset)',
	};
}

/** `1`/`true`/`yes`/`on` or `0`/`false`/`no`/`off`; undefined when unset. */
function flagSetting(env: Env, name: string): boolean | undefined {
	const raw = optionalSetting(env, name)?.toLowerCase();
	if (raw === undefined) return undefined;
	if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
	if (['0', 'false', 'no', 'off'].includes(raw)) return false;
	throw new ConfigError(`${name} must be 1 or 0 (true or false), got "${raw}"`);
}

/** The test double is on when asked for, or when a seed file is given (a seed makes no sense without reset). */
function testDoubleSetting(env: Env, seedFile: string | undefined): boolean {
	const asked = flagSetting(env, 'TEST_DOUBLE');
	if (asked === false && seedFile !== undefined) {
		throw new ConfigError('SEED_FILE needs the test double, but TEST_DOUBLE is 0: unset one of them');
	}
	return asked ?? seedFile !== undefined;
}

/** Packages whose `npm start` starts the server: the repository's root and the server's own. */
const OUR_PACKAGES = new Set(['n8n-nodes-bot-platform', 'bot-platform-server']);

/**
 * Where a relative path given in a setting is meant from: the directory the person ran the command in. When our
 * own `npm start` started the server, npm has changed directory to the package's folder and names the person's one
 * in INIT_CWD; a process started any other way (node itself, a test run, a process manager) uses its own.
 */
export function launchDirectory(env: Env, cwd: string = process.cwd()): string {
	const npmRanUs = env.npm_lifecycle_event === 'start' && OUR_PACKAGES.has(env.npm_package_name ?? '');
	return npmRanUs && env.INIT_CWD ? env.INIT_CWD : cwd;
}

/** A file named by a setting, absolute: a relative one from where the command was run (see `launchDirectory`). */
function fileSetting(env: Env, name: string): string | undefined {
	const raw = optionalSetting(env, name);
	return raw === undefined ? undefined : path.resolve(launchDirectory(env), raw);
}

/**
 * The embedded database keeps everything in memory, so a production process that silently fell back to it (a
 * forgotten MONGODB_URI) would lose every account at its next restart: there it is refused unless asked for.
 */
function embeddedInProductionSetting(env: Env, mongodbUri: string | undefined): boolean {
	const asked = flagSetting(env, 'EMBEDDED_DATABASE') === true;
	if (mongodbUri === undefined && env.NODE_ENV === 'production' && !asked) {
		throw new ConfigError(
			'MONGODB_URI is unset while NODE_ENV is production: the embedded database keeps data in memory only and loses ' +
				'it at every restart. Set MONGODB_URI, or EMBEDDED_DATABASE=1 to run on the embedded database anyway',
		);
	}
	return asked;
}

export function loadConfig(env: Env = process.env, stdoutIsTerminal = process.stdout.isTTY === true): Config {
	// Any non-empty token is accepted (a short one is the operator's choice, e.g. on a laptop); an empty
	// one counts as unset, so the admin API is never open to an empty bearer.
	const adminToken = optionalSetting(env, 'ADMIN_TOKEN');
	const publicUrl = urlSetting(env, 'PUBLIC_URL', ['http:', 'https:']);
	const mongodbUri = mongodbUriSetting(env, 'MONGODB_URI');
	const seedFile = fileSetting(env, 'SEED_FILE');
	return {
		port: integerSetting(env, 'PORT', 3000, 0, 65535),
		host: optionalSetting(env, 'HOST') ?? '127.0.0.1',
		mongodbUri,
		adminToken,
		rateLimitPerMinute: integerSetting(env, 'RATE_LIMIT_PER_MINUTE', 120, 1, 1_000_000),
		authFailuresPerMinute: integerSetting(env, 'AUTH_FAILURES_PER_MINUTE', 60, 1, 1_000_000),
		trustProxy: trustProxySetting(env),
		publicUrl: publicUrl?.replace(/\/+$/, ''),
		logLevel: choiceSetting(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
		logFormat: choiceSetting(env, 'LOG_FORMAT', LOG_FORMATS, stdoutIsTerminal ? 'pretty' : 'json'),
		metricsToken: optionalSetting(env, 'METRICS_TOKEN'),
		testDouble: testDoubleSetting(env, seedFile),
		seedFile,
		embeddedDatabaseInProduction: embeddedInProductionSetting(env, mongodbUri),
		requestLogSize: integerSetting(env, 'REQUEST_LOG_SIZE', 1000, 0, 100_000),
		consoleIdleTimeoutMs: integerSetting(env, 'CONSOLE_IDLE_MINUTES', 30, 1, 1440) * 60_000,
	};
}
