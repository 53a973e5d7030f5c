/**
 * A find (or an aggregation) whose documents come back as their BSON bytes, undecoded, for reads of many documents
 * (an export page is 1,000) that the caller turns into text itself (`database/contact-export-encoder.ts`,
 * `database/list-item-export-encoder.ts`). The driver's cursor decodes a batch document by document, first indexing
 * each document's elements: 2.5 times as long as decoding the batch whole (1,000 contacts: 25 ms against 10 ms on
 * this machine), and decoding at all was still most of an export page's work. Each document is a view into its reply.
 *
 * The reply carries the whole window when it fits in one batch (MongoDB's 16 MiB); the rest of a larger one comes
 * through getMore in the same session, as MongoDB requires of a cursor. Mongoose's casting is not involved: the
 * caller's filter must already hold the stored types.
 */
import { mongo, type Connection } from 'mongoose';

export interface FindWindow {
	filter: mongo.Document;
	sort: mongo.Document;
	skip: number;
	/** At least 1. */
	limit: number;
	projection?: mongo.Document;
}

interface CursorReply {
	cursor: { id: mongo.Long | number; firstBatch?: Uint8Array[]; nextBatch?: Uint8Array[] };
}

/** The batches' documents as BSON, not decoded by the driver. */
const DOCUMENTS_AS_BYTES = { fieldsAsRaw: { firstBatch: true, nextBatch: true } };

/** `model`: a mongoose model (its connection and collection). */
export function findInBatches(
	model: { db: Connection; collection: { collectionName: string } },
	{ filter, sort, skip, limit, projection }: FindWindow,
): Promise<Uint8Array[]> {
	const find = { filter, sort, skip, limit, batchSize: limit, ...(projection && { projection }) };
	return inBatches(model, (collection) => ({ find: collection, ...find }), limit);
}

/** An aggregation's output as BSON, all of it: `expected` documents (or a few more) in the first batch. */
export function aggregateInBatches(
	model: { db: Connection; collection: { collectionName: string } },
	pipeline: mongo.Document[],
	expected: number,
): Promise<Uint8Array[]> {
	return inBatches(model, (collection) => ({ aggregate: collection, pipeline, cursor: { batchSize: expected } }), Infinity);
}

/** Runs the cursor command and its getMores in one session until the cursor ends or `limit` documents came. */
async function inBatches(
	model: { db: Connection; collection: { collectionName: string } },
	command: (collection: string) => mongo.Document,
	limit: number,
): Promise<Uint8Array[]> {
	const db = model.db.db;
	if (!db) throw new mongo.MongoNotConnectedError('the database connection is not open');
	const collection = model.collection.collectionName;
	const session = model.db.getClient().startSession();
	try {
		let { cursor } = (await db.command(command(collection), { session, ...DOCUMENTS_AS_BYTES })) as CursorReply;
		const documents = cursor.firstBatch ?? [];
		while (!isZero(cursor.id)) {
			const getMore = {
				getMore: asLong(cursor.id),
				collection,
				...(Number.isFinite(limit) && { batchSize: limit - documents.length }),
			};
			({ cursor } = (await db.command(getMore, { session, ...DOCUMENTS_AS_BYTES })) as CursorReply);
			documents.push(...(cursor.nextBatch ?? []));
		}
		return documents;
	} finally {
		await session.endSession();
	}
}

const isZero = (id: mongo.Long | number) => (typeof id === 'number' ? id === 0 : id.isZero());

/** A cursor ID is an int64 on the wire; the driver hands back one that fits in a double as a number. */
const asLong = (id: mongo.Long | number) => (typeof id === 'number' ? mongo.Long.fromNumber(id) : id);
