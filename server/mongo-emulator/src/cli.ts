#!/usr/bin/env node
/**
 * Runs the emulator as its own process, so several app processes can share one database:
 *   mongo-emulator [--port 27017] [--host 127.0.0.1] [--planner indexes|scan]     (the package's bin: dist/cli.js)
 * MONGO_EMULATOR_PLANNER sets the planner when --planner is not given.
 */
import { parseArgs } from 'node:util';
import { startMongoEmulator, type PlannerMode } from './index';

const PLANNER_MODES: readonly PlannerMode[] = ['indexes', 'scan'];

async function main(): Promise<void> {
	const { values } = parseArgs({
		options: {
			port: { type: 'string', default: '27017' },
			host: { type: 'string', default: '127.0.0.1' },
			planner: { type: 'string' },
		},
	});
	const port = Number(values.port);
	if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid --port ${values.port}`);
	const [setting, source] = values.planner !== undefined ? [values.planner, '--planner'] : plannerFromEnvironment();
	const planner = PLANNER_MODES.find((mode) => mode === setting);
	if (!planner) throw new Error(`invalid ${source} ${setting}: expected ${PLANNER_MODES.join(' or ')}`);
	const emulator = await startMongoEmulator({ port, host: values.host, planner });
	let stopping = false;
	const stop = (): void => {
		// Ctrl-C reaches both npm and node, and npm passes it on: the second signal must not cut the close short.
		if (stopping) return;
		stopping = true;
		emulator.close().then(
			() => process.exit(0),
			(error: unknown) => {
				console.error(error);
				process.exit(1);
			},
		);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
	// Only once a signal would be handled: whoever waits for this line may signal at once (a test stopping it did,
	// and on a busy machine the process was killed before it got to its handlers).
	console.log(`mongo-emulator listening on ${emulator.uri}${planner === 'scan' ? ' (every query by a full scan)' : ''}`);
}

/** The planner setting from MONGO_EMULATOR_PLANNER (unset or empty: the default) and where it came from. */
function plannerFromEnvironment(): [string, string] {
	const setting = process.env.MONGO_EMULATOR_PLANNER;
	return setting ? [setting, 'MONGO_EMULATOR_PLANNER'] : ['indexes', 'default'];
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
