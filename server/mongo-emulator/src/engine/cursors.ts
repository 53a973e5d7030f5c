/**
 * Open cursors: the rest of a result set, handed out batch by batch through getMore. Results are
 * materialized as BSON when the cursor is created (stored bytes are never changed in place, so this is a
 * consistent snapshot). A cursor dies with the connection that opened it or after ten idle minutes, checked lazily.
 */
import { Long } from 'bson';
import { CommandError } from '../errors';
import { RawDocuments } from '../wire/raw-documents';

const DEFAULT_FIRST_BATCH = 101;
/** mongod caps a batch at 16 MiB so that a reply stays under the maximum message size. */
const MAX_BATCH_BYTES = 16 * 1024 * 1024;
const IDLE_TIMEOUT_MS = 10 * 60 * 1000;

interface OpenCursor {
	readonly namespace: string;
	readonly connectionId: number;
	readonly documents: readonly Uint8Array[];
	position: number;
	lastUsed: number;
}

export interface CursorReply {
	id: Long;
	ns: string;
	firstBatch?: RawDocuments;
	nextBatch?: RawDocuments;
}

export class CursorRegistry {
	private readonly open = new Map<number, OpenCursor>();
	private lastId = 0;

	/** Returns the first batch; the cursor stays open only if documents remain and `singleBatch` is off. */
	openCursor(
		namespace: string,
		documents: readonly Uint8Array[],
		options: { connectionId: number; batchSize?: number; singleBatch?: boolean },
	): CursorReply {
		this.removeIdle();
		const cursor: OpenCursor = { namespace, connectionId: options.connectionId, documents, position: 0, lastUsed: Date.now() };
		const firstBatch = takeBatch(cursor, options.batchSize ?? DEFAULT_FIRST_BATCH);
		if (options.singleBatch || cursor.position >= documents.length) {
			return { id: Long.ZERO, ns: namespace, firstBatch };
		}
		const id = ++this.lastId;
		this.open.set(id, cursor);
		return { id: Long.fromNumber(id), ns: namespace, firstBatch };
	}

	getMore(id: number, namespace: string, batchSize: number | undefined): CursorReply {
		const cursor = this.open.get(id);
		if (!cursor) throw new CommandError('CursorNotFound', `cursor id ${id} not found`);
		if (cursor.namespace !== namespace) {
			throw new CommandError(
				'Unauthorized',
				`Requested getMore on namespace '${namespace}', but cursor belongs to a different namespace ${cursor.namespace}`,
			);
		}
		cursor.lastUsed = Date.now();
		const nextBatch = takeBatch(cursor, batchSize ?? Number.MAX_SAFE_INTEGER);
		const exhausted = cursor.position >= cursor.documents.length;
		if (exhausted) this.open.delete(id);
		return { id: exhausted ? Long.ZERO : Long.fromNumber(id), ns: namespace, nextBatch };
	}

	/** Returns the ids that were open (and are now killed) and those that were not found. */
	kill(ids: readonly number[]): { killed: number[]; notFound: number[] } {
		const killed = ids.filter((id) => this.open.delete(id));
		return { killed, notFound: ids.filter((id) => !killed.includes(id)) };
	}

	closeConnection(connectionId: number): void {
		for (const [id, cursor] of this.open) {
			if (cursor.connectionId === connectionId) this.open.delete(id);
		}
	}

	private removeIdle(): void {
		const oldest = Date.now() - IDLE_TIMEOUT_MS;
		for (const [id, cursor] of this.open) {
			if (cursor.lastUsed < oldest) this.open.delete(id);
		}
	}
}

function takeBatch(cursor: OpenCursor, batchSize: number): RawDocuments {
	const batch: Uint8Array[] = [];
	let bytes = 0;
	while (batch.length < batchSize && cursor.position < cursor.documents.length) {
		const doc = cursor.documents[cursor.position];
		bytes += doc.length;
		if (batch.length > 0 && bytes > MAX_BATCH_BYTES) break;
		batch.push(doc);
		cursor.position += 1;
	}
	return new RawDocuments(batch);
}
