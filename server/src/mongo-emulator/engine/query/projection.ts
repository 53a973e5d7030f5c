/** Find/findAndModify projections, by mingo; `_id` is moved first, where mongod keeps it. */
import type { Document } from 'bson';
import { Query } from 'mingo';
import { isPlainObject, type PlainObject } from '../../bson/types';
import { badValue } from '../../errors';
import { MINGO_OPTIONS, withMingo } from './mingo-options';

export function projectDocuments(docs: PlainObject[], projection: Document | undefined): PlainObject[] {
	if (projection === undefined || projection === null || Object.keys(projection).length === 0) return docs;
	if (!isPlainObject(projection)) throw badValue('projection must be an object');
	const projected = withMingo(() => new Query({}, MINGO_OPTIONS).find<PlainObject>(docs, projection).all());
	return projected.map(idFirst);
}

function idFirst(doc: PlainObject): PlainObject {
	if (!Object.hasOwn(doc, '_id') || Object.keys(doc)[0] === '_id') return doc;
	const { _id, ...rest } = doc;
	return { _id, ...rest };
}
