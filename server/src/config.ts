/** Server settings, read once from the environment. Invalid values stop start-up with a one-line reason. */

export interface Config {
	port: number;
	host: string;
	/** A real MongoDB; undefined means the embedded database. */
	mongodbUri: string | undefined;
	/** Enables the admin API; undefined means every admin path answers 404. */
	adminToken: string | undefined;
	rateLimitPerMinute: number;
	/** Base of pagination links; undefined means "from the request's Host". */
	publicUrl: string | undefined;
}

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

export function loadConfig(env: Env = process.env): Config {
	// Any non-empty token is accepted (a short one is the operator's choice, e.g. on a laptop); an empty
	// one counts as unset, so the admin API is never open to an empty bearer.
	const adminToken = optionalSetting(env, 'ADMIN_TOKEN');
	const publicUrl = urlSetting(env, 'PUBLIC_URL', ['http:', 'https:']);
	return {
		port: integerSetting(env, 'PORT', 3000, 0, 65535),
		host: optionalSetting(env, 'HOST') ?? '127.0.0.1',
		mongodbUri: urlSetting(env, 'MONGODB_URI', ['mongodb:', 'mongodb+srv:']),
		adminToken,
		rateLimitPerMinute: integerSetting(env, 'RATE_LIMIT_PER_MINUTE', 120, 1, 1_000_000),
		publicUrl: publicUrl?.replace(/\/+$/, ''),
	};
}
