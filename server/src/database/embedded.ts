/**
 * The zero-setup database used when MONGODB_URI is unset: a real `mongod` through mongodb-memory-server
 * when a binary is already on this machine (its cache or MONGOMS_SYSTEM_BINARY), otherwise the project's
 * own MongoDB wire-protocol emulator on a free 127.0.0.1 port. Nothing is ever downloaded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMongoEmulator, startMongoEmulatorThread } from 'bot-platform-mongo-emulator';
import { DryMongoBinary, MongoMemoryServer } from 'mongodb-memory-server-core';
import { DEFAULT_VERSION, resolveConfig, ResolveConfigVariables } from 'mongodb-memory-server-core/lib/util/resolveConfig';
import type { Logger } from '../logger';

export interface EmbeddedDatabase {
	kind: 'mongodb-memory-server' | 'emulator';
	/** What the service connects to, without a database name: `mongodb://host:port`, or a socket's `mongodb://%2F…sock`. */
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
	const socket = privateSocket();
	let emulator;
	try {
		emulator = await (thread ? startMongoEmulatorThread : startMongoEmulator)({ port: 0, socketPath: socket?.path, logger });
	} catch (error) {
		socket?.remove();
		throw error;
	}
	// The TCP address first: it is the one to give other tools (the benchmark seeds through it).
	logger.info(
		`database: MongoDB wire-protocol emulator on ${emulator.uri}${emulator.socketUri ? ` and ${socket!.path}` : ''}` +
			`${thread ? ', on a thread of its own' : ''} (no mongod binary on this machine; development and tests only)`,
	);
	const stopEmulator = emulator.close;
	return {
		kind: 'emulator',
		uri: emulator.socketUri ?? emulator.uri,
		stop: () => stopEmulator().finally(() => socket?.remove()),
	};
}

/** Longer socket paths are refused by Linux (108 bytes with the terminator) and macOS (104). */
const MAX_SOCKET_PATH = 103;

/**
 * A Unix domain socket for the service's own connections to the emulator: a round trip through it costs the request
 * thread about 20 µs less than one through 127.0.0.1 (`npm run bench:driver-transport`). It lies in a directory of
 * its own that only this user can enter (`mkdtemp` makes it 0700), removed on stop and, failing that, when the
 * process exits. Undefined (TCP only) on Windows, or where the temporary directory cannot be written to or its path
 * is too long for a socket.
 */
function privateSocket(): { path: string; remove(): void } | undefined {
	if (process.platform === 'win32') return undefined;
	let directory: string;
	try {
		directory = mkdtempSync(path.join(os.tmpdir(), 'bot-platform-db-'));
	} catch {
		// A temporary directory this user cannot write to (a read-only container): TCP does the job as well.
		return undefined;
	}
	const socketPath = path.join(directory, 'mongodb.sock');
	const removeDirectory = () => rmSync(directory, { recursive: true, force: true });
	if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
		removeDirectory();
		return undefined;
	}
	// On process.exit (a crash included), where the emulator's own close never runs.
	process.on('exit', removeDirectory);
	return {
		path: socketPath,
		remove() {
			process.off('exit', removeDirectory);
			removeDirectory();
		},
	};
}
