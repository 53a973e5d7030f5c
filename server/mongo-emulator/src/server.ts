/** The listeners (TCP, and a Unix domain socket when asked for): accept connections and close them all on shutdown. */
import { createServer, type Server, type Socket } from 'node:net';
import { Long, ObjectId } from 'bson';
import type { TopologyVersion } from './commands/command-context';
import { serveConnection } from './connection';
import { Engine } from './engine/engine';
import type { PlannerMode } from './engine/query/planner';
import type { EmulatorLogger } from './logger';

export class EmulatorServer {
	private readonly engine: Engine;
	private readonly sockets = new Set<Socket>();
	private readonly servers: Server[] = [];
	private lastConnectionId = 0;
	/** New at each start, as a restarted mongod's is. */
	private readonly topologyVersion: TopologyVersion = { processId: new ObjectId(), counter: Long.fromNumber(0) };

	constructor(
		private readonly logger: EmulatorLogger,
		planner: PlannerMode,
	) {
		this.engine = new Engine(planner);
	}

	/** Listens on TCP; resolves with the bound port (useful with port 0). */
	async listen(port: number, host: string): Promise<number> {
		const address = (await this.listenOn((server, done) => server.listen(port, host, done))).address();
		if (address === null || typeof address === 'string') throw new Error('mongo-emulator: unexpected listener address');
		return address.port;
	}

	/**
	 * Listens on a Unix domain socket as well, at `path` (which must not exist): the same database, for a client on
	 * this machine, without TCP's per-message work (about half the client's CPU per round trip, measured in bench/).
	 * The file is removed when the emulator closes.
	 */
	async listenOnSocket(path: string): Promise<void> {
		await this.listenOn((server, done) => server.listen(path, done));
	}

	close(): Promise<void> {
		for (const socket of this.sockets) socket.destroy();
		return Promise.all(
			this.servers.map(
				(server) => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
			),
		).then(() => undefined);
	}

	private async listenOn(listen: (server: Server, done: () => void) => void): Promise<Server> {
		const server = createServer((socket) => this.accept(socket));
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			listen(server, () => {
				server.off('error', reject);
				resolve();
			});
		});
		this.servers.push(server);
		return server;
	}

	private accept(socket: Socket): void {
		this.sockets.add(socket);
		socket.on('close', () => this.sockets.delete(socket));
		serveConnection(socket, {
			engine: this.engine,
			connectionId: ++this.lastConnectionId,
			topologyVersion: this.topologyVersion,
			logger: this.logger,
		});
	}
}
