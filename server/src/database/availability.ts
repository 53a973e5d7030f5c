/**
 * Whether the database takes requests now, as the driver's server monitoring reports it, and what is done
 * each time it comes back. A database may come back empty (a new volume, a restore without indexes), so before
 * requests are served again the indexes are created anew (existing ones are left as they are): the unique ones
 * are what keeps racing calls from making two contacts for one messenger ID.
 *
 * The topology alone misses short outages: the driver's monitor has no check open for about half a second after
 * each (re)connect (and between polls when polling), so a database restarted in that gap is never reported
 * Unknown, and a pooled connection the server closed fails with a plain socket error the driver does not count.
 * So every sign of a lost connection (a failed heartbeat, a cleared pool, a pooled connection closed by an
 * error, a failed health ping) also counts as down, and the database is only up again after a restore.
 */
import type { mongo } from 'mongoose';
import type { Logger } from '../logger';

/** `restoring`: reachable again, indexes being checked; requests wait for `up`. */
export type AvailabilityState = 'up' | 'down' | 'restoring';

/** Thrown to a request that waited for the database in vain; answered as a 503 the client may retry. */
export class DatabaseUnavailableError extends Error {
	override name = 'DatabaseUnavailableError';
	constructor() {
		super('the database is unavailable');
	}
}

/** Server types that take writes. */
const WRITABLE = new Set(['Standalone', 'RSPrimary', 'Mongos', 'LoadBalancer']);

/**
 * The server that takes writes, as "address processId", or undefined when none does. A new processId is a
 * restarted server (its data may be gone); a new address is a failover.
 */
function writableServer(description: mongo.TopologyDescription): string | undefined {
	for (const server of description.servers.values()) {
		if (WRITABLE.has(server.type)) return `${server.address} ${server.topologyVersion?.processId?.toHexString() ?? ''}`;
	}
	return undefined;
}

/** A failed restore is tried again after this long, while the database stays reachable. */
const RESTORE_RETRY_MS = 1_000;
/**
 * While it is down, the database is pinged this often. The driver checks an unknown server only every
 * heartbeatFrequencyMS (10 s) unless an operation is waiting for one, and requests wait at the gate
 * (http/database-gate.ts), not in the driver: the pings make it look every half second instead.
 */
const DOWN_PROBE_MS = 500;

export interface AvailabilityOptions {
	/** Re-creates whatever an empty database lacks; resolves with the number of indexes it created. */
	restore(): Promise<number>;
	logger: Logger;
}

export class DatabaseAvailability {
	private current: AvailabilityState = 'up';
	private server: string | undefined;
	private readonly waiters = new Set<() => void>();
	private restoreRun = 0;
	private retryTimer: NodeJS.Timeout | undefined;
	private probing = false;
	private closed = false;

	/** `client` is connected and its indexes were just made (see `openDatabase`): the database starts up. */
	constructor(
		private readonly client: mongo.MongoClient,
		private readonly options: AvailabilityOptions,
	) {
		// The driver keeps its topology internal; mongoose reads it the same way to tell a standalone from a set.
		const topology = (client as unknown as { topology?: { description: mongo.TopologyDescription } }).topology;
		this.server = topology && writableServer(topology.description);
		client.on('topologyDescriptionChanged', this.onTopologyChanged);
		client.on('serverHeartbeatFailed', this.onHeartbeatFailed);
		client.on('connectionPoolCleared', this.onPoolCleared);
		client.on('connectionClosed', this.onConnectionClosed);
	}

	get state(): AvailabilityState {
		return this.current;
	}

	isUp(): boolean {
		return this.current === 'up';
	}

	/** Resolves at once when up; otherwise when it comes up within `waitMs`, else rejects with DatabaseUnavailableError. */
	whenUp(waitMs: number): Promise<void> {
		if (this.current === 'up') return Promise.resolve();
		return new Promise((resolve, reject) => {
			const ready = () => {
				clearTimeout(timer);
				this.waiters.delete(ready);
				resolve();
			};
			const timer = setTimeout(() => {
				this.waiters.delete(ready);
				reject(new DatabaseUnavailableError());
			}, waitMs);
			this.waiters.add(ready);
		});
	}

	close(): void {
		this.closed = true;
		this.client.off('topologyDescriptionChanged', this.onTopologyChanged);
		this.client.off('serverHeartbeatFailed', this.onHeartbeatFailed);
		this.client.off('connectionPoolCleared', this.onPoolCleared);
		this.client.off('connectionClosed', this.onConnectionClosed);
		clearTimeout(this.retryTimer);
		this.restoreRun++;
	}

	/**
	 * A sign that the connection was lost, e.g. /healthz's ping failed: the database is down until a ping
	 * succeeds and its indexes are checked again, since it may have come back as a new, empty process.
	 */
	lost(reason: string): void {
		if (this.closed) return;
		// Once per outage: losing it again while restoring is the same outage.
		if (this.current === 'up') {
			this.options.logger.warn({ reason }, 'database connection lost: requests are answered 503 until it returns');
		}
		this.current = 'down';
		this.restoreRun++;
		clearTimeout(this.retryTimer);
		void this.probeWhileDown();
	}

	private readonly onTopologyChanged = ({ newDescription }: { newDescription: mongo.TopologyDescription }) => {
		const server = writableServer(newDescription);
		if (server === undefined) {
			this.server = undefined;
			this.lost(newDescription.error?.message ?? 'no server takes writes');
			return;
		}
		if (server === this.server && this.current !== 'down') return;
		this.server = server;
		void this.restore();
	};

	private readonly onHeartbeatFailed = ({ failure }: mongo.ServerHeartbeatFailedEvent) =>
		this.lost(`heartbeat failed: ${failure.message}`);

	private readonly onPoolCleared = () => this.lost('the connection pool was cleared');

	// 'error': the socket failed or the server closed it (not 'stale', 'idle' or 'poolClosed', the driver's own doing).
	private readonly onConnectionClosed = ({ reason }: mongo.ConnectionClosedEvent) => {
		if (reason === 'error') this.lost('a pooled connection was closed by an error');
	};

	private async probeWhileDown(): Promise<void> {
		if (this.probing) return;
		this.probing = true;
		try {
			while (this.current === 'down' && !this.closed) {
				const answered = await this.client
					.db('admin')
					.command({ ping: 1 })
					.then(() => true)
					.catch(() => false);
				// Down by a lost connection, the topology may never change: an answer is what brings it back.
				if (answered && this.current === 'down' && !this.closed) {
					void this.restore();
					return;
				}
				await new Promise((resolve) => setTimeout(resolve, DOWN_PROBE_MS).unref());
			}
		} finally {
			this.probing = false;
		}
	}

	private async restore(): Promise<void> {
		const run = ++this.restoreRun;
		clearTimeout(this.retryTimer);
		this.current = 'restoring';
		try {
			const created = await this.options.restore();
			if (run !== this.restoreRun) return;
			this.current = 'up';
			this.options.logger.info(
				{ indexes_created: created },
				created > 0
					? `database connection restored: the database came back without ${created} indexes, created again`
					: 'database connection restored',
			);
			for (const ready of [...this.waiters]) ready();
		} catch (error) {
			if (run !== this.restoreRun) return;
			this.options.logger.warn(
				{ reason: error instanceof Error ? error.message : String(error) },
				'database reachable again, but checking its indexes failed: retrying',
			);
			this.retryTimer = setTimeout(() => void this.restore(), RESTORE_RETRY_MS).unref();
		}
	}
}
