/**
 * Validation of `createIndexes` specifications. Only ascending/descending B-tree keys are supported;
 * special index types are refused rather than silently treated as ordinary indexes.
 */
import type { Document } from 'bson';
import { badValue, CommandError } from '../../errors';
import { compareBson } from '../../bson/compare';
import { isPlainObject } from '../../bson/types';

export const ID_INDEX_NAME = '_id_';

export interface IndexField {
	readonly path: string;
	readonly direction: 1 | -1;
}

export interface IndexSpec {
	readonly name: string;
	readonly fields: readonly IndexField[];
	readonly unique: boolean;
	readonly sparse: boolean;
	readonly partialFilterExpression?: Document;
	readonly expireAfterSeconds?: number;
}

const IGNORED_OPTIONS = new Set(['v', 'background', 'ns']);
const HANDLED_OPTIONS = new Set(['key', 'name', 'unique', 'sparse', 'partialFilterExpression', 'expireAfterSeconds']);

export function parseIndexSpec(raw: unknown): IndexSpec {
	if (!isPlainObject(raw)) throw badValue('index specification must be an object');
	const fields = parseKeyPattern(raw.key);
	for (const option of Object.keys(raw)) {
		if (!HANDLED_OPTIONS.has(option) && !IGNORED_OPTIONS.has(option)) {
			throw new CommandError('InvalidOptions', `index option '${option}' is not supported by the mongo emulator`);
		}
	}
	const name = raw.name ?? defaultIndexName(fields);
	if (typeof name !== 'string' || name === '') throw badValue('index name must be a non-empty string');
	const partial = raw.partialFilterExpression;
	if (partial !== undefined && !isPlainObject(partial)) throw badValue('partialFilterExpression must be an object');
	const ttl = raw.expireAfterSeconds;
	if (ttl !== undefined && (typeof ttl !== 'number' || ttl < 0 || fields.length !== 1)) {
		throw badValue('expireAfterSeconds must be a non-negative number on a single-field index');
	}
	return {
		name,
		fields,
		unique: raw.unique === true,
		sparse: raw.sparse === true,
		...(partial !== undefined && { partialFilterExpression: partial }),
		...(ttl !== undefined && { expireAfterSeconds: ttl }),
	};
}

function parseKeyPattern(key: unknown): IndexField[] {
	if (!isPlainObject(key) || Object.keys(key).length === 0) throw badValue('index key pattern must be a non-empty object');
	return Object.entries(key).map(([path, direction]) => {
		if (direction !== 1 && direction !== -1) {
			throw badValue(`index type ${JSON.stringify(direction)} on '${path}' is not supported by the mongo emulator`);
		}
		return { path, direction };
	});
}

export function defaultIndexName(fields: readonly IndexField[]): string {
	return fields.map((field) => `${field.path}_${field.direction}`).join('_');
}

export function keyPattern(fields: readonly IndexField[]): Document {
	return Object.fromEntries(fields.map((field) => [field.path, field.direction]));
}

/** Specs are interchangeable when they index the same keys with the same constraints. */
export function sameIndexDefinition(a: IndexSpec, b: IndexSpec): boolean {
	return (
		sameKeys(a, b) &&
		a.unique === b.unique &&
		a.sparse === b.sparse &&
		a.expireAfterSeconds === b.expireAfterSeconds &&
		compareBson(a.partialFilterExpression ?? null, b.partialFilterExpression ?? null) === 0
	);
}

export function sameKeys(a: IndexSpec, b: IndexSpec): boolean {
	return (
		a.fields.length === b.fields.length &&
		a.fields.every((field, i) => field.path === b.fields[i].path && field.direction === b.fields[i].direction)
	);
}

/** The document `listIndexes` returns for a spec. */
export function describeIndex(spec: IndexSpec): Document {
	return {
		v: 2,
		key: keyPattern(spec.fields),
		name: spec.name,
		// The _id index is unique without saying so.
		...(spec.unique && spec.name !== ID_INDEX_NAME && { unique: true }),
		...(spec.sparse && { sparse: true }),
		...(spec.partialFilterExpression && { partialFilterExpression: spec.partialFilterExpression }),
		...(spec.expireAfterSeconds !== undefined && { expireAfterSeconds: spec.expireAfterSeconds }),
	};
}
