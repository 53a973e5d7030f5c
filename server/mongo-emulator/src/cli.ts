#!/usr/bin/env node
/**
 * Runs the emulator as its own process, so several app processes can share one database:
 *   mongo-emulator --port 27017 [--host 127.0.0.1]     (the package's bin: node dist/cli.js)
 */
import { parseArgs } from 'node:util';
import { startMongoEmulator } from './index';

async function main(): Promise<void> {
	const { values } = parseArgs({
		options: { port: { type: 'string', default: '27017' }, host: { type: 'string', default: '127.0.0.1' } },
	});
	const port = Number(values.port);
	if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid --port ${values.port}`);
	const emulator = await startMongoEmulator({ port, host: values.host });
	console.log(`mongo-emulator listening on ${emulator.uri}`);
	const stop = (): void => {
		emulator.close().then(
			() => process.exit(0),
			(error: unknown) => {
				console.error(error);
				process.exit(1);
			},
		);
	};
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
