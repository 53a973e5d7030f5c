/**
 * Find/findAndModify projections: top-level inclusions or exclusions directly, others by mingo; `_id` comes
 * first, where mongod keeps it.
 */
import type { Document } from 'bson';
import { Query } from 'mingo/query';
import { elementSpans, type ElementSpan } from '../../bson/elements';
import { isTopLevelField } from '../../bson/paths';
import { isPlainObject, type PlainObject } from '../../bson/types';
import { badValue } from '../../errors';
import { MINGO_OPTIONS, withMingo } from './mingo-options';

/** Whether a projection changes anything (an empty one keeps whole documents). */
export function hasProjection(projection: Document | undefined): projection is Document {
	return projection !== undefined && projection !== null && Object.keys(projection).length > 0;
}

export function projectDocuments(docs: PlainObject[], projection: Document | undefined): PlainObject[] {
	if (!hasProjection(projection)) return docs;
	if (!isPlainObject(projection)) throw badValue('projection must be an object');
	const keeps = topLevelFilter(projection);
	if (keeps) return docs.map((doc) => projectFields(doc, keeps));
	const projected = withMingo(() => new Query({}, MINGO_OPTIONS).find<PlainObject>(docs, projection).all());
	return projected.map(idFirst);
}

/**
 * Projects stored documents from their bytes when the projection keeps or drops top-level fields only (the usual
 * kind): the kept elements are copied as they are, into one buffer for all the documents, and nothing is decoded.
 * Undefined for any other projection, which `projectDocuments` answers.
 */
export function storedBytesProjection(projection: Document): ((documents: Uint8Array[]) => Uint8Array[]) | undefined {
	if (!isPlainObject(projection)) return undefined;
	const keeps = topLevelFilter(projection);
	if (!keeps) return undefined;
	return (documents) => {
		const kept = documents.map((bytes) => idFirstSpans(elementSpans(bytes).filter((span) => keeps(span.name))));
		const lengths = kept.map((spans) => spans.reduce((sum, span) => sum + span.end - span.start, 4 + 1));
		const out = Buffer.allocUnsafe(lengths.reduce((sum, length) => sum + length, 0));
		let offset = 0;
		return documents.map((bytes, i) => {
			const start = offset;
			out.writeInt32LE(lengths[i], offset);
			offset += 4;
			for (const span of kept[i]) {
				out.set(bytes.subarray(span.start, span.end), offset);
				offset += span.end - span.start;
			}
			out[offset++] = 0;
			return out.subarray(start, offset);
		});
	};
}

function idFirstSpans(spans: ElementSpan[]): ElementSpan[] {
	const id = spans.findIndex((span) => span.name === '_id');
	return id <= 0 ? spans : [spans[id], ...spans.slice(0, id), ...spans.slice(id + 1)];
}

/**
 * Which fields a projection of only top-level inclusions or only exclusions (`{name: 1, email: 1}`, the usual
 * one) keeps; they stay in document order, as mongod keeps them. Undefined for any other projection.
 */
function topLevelFilter(projection: Document): ((field: string) => boolean) | undefined {
	const flags = Object.entries(projection);
	if (!flags.every(([field, flag]) => isTopLevelField(field) && (flag === 0 || flag === 1 || typeof flag === 'boolean'))) {
		return undefined;
	}
	const others = flags.filter(([field]) => field !== '_id');
	const inclusion = others.length === 0 ? Boolean(projection._id) : Boolean(others[0][1]);
	// Mixing inclusions and exclusions is an error, which mingo reports (for `_id: 1` with exclusions too).
	if (others.some(([, flag]) => Boolean(flag) !== inclusion) || (!inclusion && Boolean(projection._id))) return undefined;
	const keepsId = projection._id === undefined ? true : Boolean(projection._id);
	return (field) => (field === '_id' ? keepsId : inclusion === Object.hasOwn(projection, field));
}

function projectFields(doc: PlainObject, keeps: (field: string) => boolean): PlainObject {
	const projected: PlainObject = {};
	for (const [field, value] of Object.entries(doc)) if (keeps(field)) projected[field] = value;
	return idFirst(projected);
}

function idFirst(doc: PlainObject): PlainObject {
	if (!Object.hasOwn(doc, '_id') || Object.keys(doc)[0] === '_id') return doc;
	const { _id, ...rest } = doc;
	return { _id, ...rest };
}
