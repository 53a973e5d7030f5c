/**
 * An in-process MongoDB server for development and tests: speaks the wire protocol to unmodified
 * drivers (mongoose included), stores data in memory and answers with MongoDB's semantics.
 */
import type { PlannerMode } from './engine/query/planner';
import type { EmulatorLogger } from './logger';
import { EmulatorServer } from './server';

export type { PlannerMode } from './engine/query/planner';
export type { EmulatorLogger } from './logger';

export interface MongoEmulatorOptions {
	/** 0 (the default) picks a free port. */
	port?: number;
	/** Defaults to 127.0.0.1. */
	host?: string;
	/**
	 * A Unix domain socket to listen on as well (a path that does not exist yet, in a directory only its users can
	 * reach: any local process that can open it is a client). Removed when the emulator closes.
	 */
	socketPath?: string;
	/** Defaults to the console. */
	logger?: EmulatorLogger;
	/**
	 * 'indexes' (the default) answers a query by the cheapest plan, using indexes where they help; 'scan' answers
	 * every query by reading the whole collection, for comparing results and timings with the planner's.
	 */
	planner?: PlannerMode;
}

export interface MongoEmulator {
	/** `mongodb://host:port`, to which a database name may be appended. */
	readonly uri: string;
	readonly port: number;
	/** `mongodb://<socket path, URI-encoded>` when listening on `socketPath`, to which a database name may be appended. */
	readonly socketUri?: string;
	/** Closes every connection and the listeners (removing the socket file). */
	close(): Promise<void>;
}

export async function startMongoEmulator(options: MongoEmulatorOptions = {}): Promise<MongoEmulator> {
	const host = options.host ?? '127.0.0.1';
	const { socketPath } = options;
	const socketUris = socketPath === undefined ? {} : { socketUri: socketUri(socketPath) };
	const server = new EmulatorServer(options.logger ?? console, options.planner ?? 'indexes');
	try {
		const port = await server.listen(options.port ?? 0, host);
		if (socketPath !== undefined) await server.listenOnSocket(socketPath);
		const uriHost = host.includes(':') ? `[${host}]` : host;
		return { uri: `mongodb://${uriHost}:${port}`, port, ...socketUris, close: () => server.close() };
	} catch (error) {
		await server.close();
		throw error;
	}
}

/** The driver takes a host ending in `.sock` for a socket path, URI-encoded (slashes included). */
function socketUri(path: string): string {
	if (!path.endsWith('.sock')) throw new Error(`mongo-emulator: a socket path must end in .sock for drivers to take it: ${path}`);
	return `mongodb://${encodeURIComponent(path)}`;
}

export { startMongoEmulatorThread } from './thread';
