/** Process entry: `npm start`. Reads settings, serves, and shuts down cleanly on SIGTERM/SIGINT. */
import { ConfigError, loadConfig } from './config';
import { consoleLogger } from './logger';
import { startServer } from './server';

async function main(): Promise<void> {
	let config;
	try {
		config = loadConfig();
	} catch (error) {
		if (error instanceof ConfigError) {
			consoleLogger.error(`invalid settings: ${error.message}`);
			process.exit(1);
		}
		throw error;
	}
	const server = await startServer(config);
	const shutdown = (signal: string) => {
		consoleLogger.info(`${signal} received: finishing in-flight requests`);
		server.close().then(
			() => {
				consoleLogger.info('stopped');
				process.exit(0);
			},
			(error: unknown) => {
				consoleLogger.error(`shutdown failed: ${String(error)}`);
				process.exit(1);
			},
		);
	};
	process.once('SIGTERM', () => shutdown('SIGTERM'));
	process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
	consoleLogger.error(`could not start: ${error instanceof Error ? error.message : String(error)}`);
	process.exit(1);
});
