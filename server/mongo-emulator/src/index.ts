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
	/** Closes every connection and the listener. */
	close(): Promise<void>;
}

export async function startMongoEmulator(options: MongoEmulatorOptions = {}): Promise<MongoEmulator> {
	const host = options.host ?? '127.0.0.1';
	const server = new EmulatorServer(options.logger ?? console, options.planner ?? 'indexes');
	const port = await server.listen(options.port ?? 0, host);
	const uriHost = host.includes(':') ? `[${host}]` : host;
	return { uri: `mongodb://${uriHost}:${port}`, port, close: () => server.close() };
}

export { startMongoEmulatorThread } from './thread';
