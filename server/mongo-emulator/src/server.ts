/** The TCP listener: accepts connections and closes them all on shutdown. */
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
	private readonly server: Server;
	private lastConnectionId = 0;
	/** New at each start, as a restarted mongod's is. */
	private readonly topologyVersion: TopologyVersion = { processId: new ObjectId(), counter: Long.fromNumber(0) };

	constructor(logger: EmulatorLogger, planner: PlannerMode) {
		this.engine = new Engine(planner);
		this.server = createServer((socket) => {
			this.sockets.add(socket);
			socket.on('close', () => this.sockets.delete(socket));
			serveConnection(socket, {
				engine: this.engine,
				connectionId: ++this.lastConnectionId,
				topologyVersion: this.topologyVersion,
				logger,
			});
		});
	}

	/** Resolves with the bound port (useful with port 0). */
	listen(port: number, host: string): Promise<number> {
		return new Promise((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(port, host, () => {
				this.server.off('error', reject);
				const address = this.server.address();
				if (address === null || typeof address === 'string') reject(new Error('mongo-emulator: unexpected listener address'));
				else resolve(address.port);
			});
		});
	}

	close(): Promise<void> {
		for (const socket of this.sockets) socket.destroy();
		return new Promise((resolve, reject) => {
			this.server.close((error) => (error ? reject(error) : resolve()));
		});
	}
}
