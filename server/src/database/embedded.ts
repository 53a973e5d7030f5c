/**
 * The zero-setup database used when MONGODB_URI is unset: a real `mongod` through mongodb-memory-server
 * when a binary is already on this machine (its cache or MONGOMS_SYSTEM_BINARY), otherwise the project's
 * own MongoDB wire-protocol emulator on a free 127.0.0.1 port. Nothing is ever downloaded.
 */
import { startMongoEmulator, startMongoEmulatorThread } from 'bot-platform-mongo-emulator';
import { DryMongoBinary, MongoMemoryServer } from 'mongodb-memory-server-core';
import { DEFAULT_VERSION, resolveConfig, ResolveConfigVariables } from 'mongodb-memory-server-core/lib/util/resolveConfig';
import type { Logger } from '../logger';

export interface EmbeddedDatabase {
	kind: 'mongodb-memory-server' | 'emulator';
	/** `mongodb://host:port` without a database name. */
	uri: string;
	stop(): Promise<void>;
}

async function locateMongod(): Promise<string | undefined> {
	try {
		return await DryMongoBinary.locateBinary({ version: resolveConfig(ResolveConfigVariables.VERSION) ?? DEFAULT_VERSION });
	} catch {
		// MONGOMS_SYSTEM_BINARY names a file that is not there: fall back rather than fail.
		return undefined;
	}
}

export interface EmbeddedOptions {
	/**
	 * The emulator on a worker thread of its own (the default): its commands run beside the requests, on another
	 * core, and its heap is collected apart from theirs (measured in bench/). False keeps it on the server's thread.
	 */
	thread?: boolean;
}

export async function startEmbeddedDatabase(logger: Logger, { thread = true }: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
	const mongod = await locateMongod();
	if (mongod) {
		const server = await MongoMemoryServer.create({ binary: { systemBinary: mongod } });
		logger.info(`database: mongodb-memory-server (${mongod})`);
		return {
			kind: 'mongodb-memory-server',
			uri: server.getUri().replace(/\/$/, ''),
			stop: async () => void (await server.stop()),
		};
	}
	const emulator = await (thread ? startMongoEmulatorThread : startMongoEmulator)({ port: 0, logger });
	logger.info(
		`database: MongoDB wire-protocol emulator on ${emulator.uri}${thread ? ', on a thread of its own' : ''} ` +
			'(no mongod binary on this machine; development and tests only)',
	);
	return { kind: 'emulator', uri: emulator.uri.replace(/\/$/, ''), stop: () => emulator.close() };
}
