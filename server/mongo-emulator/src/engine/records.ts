import type { PlainObject } from '../bson/types';

/**
 * A stored document. `doc` is never mutated: an update stores a new object, so documents handed to
 * cursors, replies or mingo stay consistent. `seq` orders records by insertion (natural order) and
 * breaks ties between equal index keys.
 */
export interface DocRecord {
	readonly seq: number;
	doc: PlainObject;
}
