#!/usr/bin/env node
/**
 * Process entry: `node server/dist/main.js` (what `npm start` and the container run), and the package's
 * `bot-platform-server` command. Reads settings, logs a summary, serves, and on SIGTERM or SIGINT finishes
 * in-flight requests, closes the database and exits 0.
 */
import { ConfigError, loadConfig, settingsSummary, type Config } from './config';
import { createLogger, type Logger } from './logger';
import { loadSeedFile, SeedError } from './seed/load';
import type { Seed } from './seed/schema';
import { startServer, type RunningServer } from './server';
import { serverVersion } from './version';

/** Settings, or a one-line reason and exit code 1. */
function settingsOrExit(): Config {
	try {
		return loadConfig();
	} catch (error) {
		if (!(error instanceof ConfigError)) throw error;
		createLogger({ logLevel: 'info', logFormat: process.stdout.isTTY ? 'pretty' : 'json' }).fatal(
			`invalid settings: ${error.message}`,
		);
		process.exit(1);
	}
}

/** The seed file's data, checked, or its one-line problem and exit code 1. */
function seedOrExit(config: Config, logger: Logger): Seed | undefined {
	if (config.seedFile === undefined) return undefined;
	try {
		return loadSeedFile(config.seedFile);
	} catch (error) {
		if (!(error instanceof SeedError)) throw error;
		logger.fatal(`invalid seed: ${error.message}`);
		process.exit(1);
	}
}

/** What becomes of a process whose own code failed where no request could be told: one last line, then exit 1. */
function exitOnCrash(logger: Logger): void {
	process.on('uncaughtException', (error) => {
		logger.fatal({ err: error }, 'uncaught exception: exiting');
		process.exit(1);
	});
	process.on('unhandledRejection', (reason) => {
		logger.fatal({ err: reason }, 'unhandled rejection: exiting');
		process.exit(1);
	});
}

async function main(): Promise<void> {
	const config = settingsOrExit();
	const logger = createLogger(config);
	exitOnCrash(logger);
	// Before the first line, so that a seed file that cannot be used is told in one line, like invalid settings.
	const seed = seedOrExit(config, logger);
	logger.info({ version: serverVersion(), node: process.version, settings: settingsSummary(config) }, 'starting');

	const stopping = new AbortController();
	let server: RunningServer | undefined;
	const stop = () => {
		server!.close().then(
			() => {
				logger.info('stopped');
				process.exit(0);
			},
			(error: unknown) => {
				logger.error({ err: error }, 'shutdown failed');
				process.exit(1);
			},
		);
	};
	// Every signal is handled, not just the first: Ctrl-C reaches both `npm start` and node, and npm passes
	// it on, so node sees SIGINT twice; the second must not kill it halfway through its shutdown.
	const onSignal = (signal: NodeJS.Signals) => {
		if (stopping.signal.aborted) {
			logger.info({ signal }, `${signal} received: already stopping`);
			return;
		}
		stopping.abort();
		logger.info({ signal }, `${signal} received: finishing in-flight requests`);
		if (server) stop();
	};
	process.on('SIGTERM', onSignal);
	process.on('SIGINT', onSignal);

	try {
		server = await startServer(config, logger, { signal: stopping.signal, seed });
	} catch (error) {
		if (stopping.signal.aborted) {
			logger.info('stopped before start-up finished');
			process.exit(0);
		}
		// A seed the database refused is the file's fault, told in one line like an invalid one.
		if (error instanceof SeedError) logger.fatal(`invalid seed: ${error.message}`);
		else logger.fatal({ err: error }, `could not start: ${error instanceof Error ? error.message : String(error)}`);
		process.exit(1);
	}
	if (stopping.signal.aborted) stop();
}

main().catch((error: unknown) => {
	// Only a failure before the logger exists gets here.
	console.error(error);
	process.exit(1);
});
