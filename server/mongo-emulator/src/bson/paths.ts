/**
 * Dotted-path resolution with MongoDB's implicit array traversal, for index keys, sort keys and range
 * operators: `a.b` over `{a: [{b: 1}, {b: 2}]}` yields both 1 and 2.
 */
import { isPlainObject, type PlainObject } from './types';

const MAX_CACHED_PATHS = 10_000;
const segmentsByPath = new Map<string, readonly string[]>();

/** Paths are resolved for every document of a scan, so their split form is cached. */
function segmentsOf(path: string): readonly string[] {
	let segments = segmentsByPath.get(path);
	if (!segments) {
		if (segmentsByPath.size >= MAX_CACHED_PATHS) segmentsByPath.clear();
		segments = path.split('.');
		segmentsByPath.set(path, segments);
	}
	return segments;
}

const isArrayIndex = (segment: string): boolean => /^\d+$/.test(segment);

interface Resolution {
	readonly values: unknown[];
	/** Whether an array was met on the way or at the end. */
	sawArray: boolean;
}

function resolve(doc: PlainObject, path: string): Resolution {
	const resolution: Resolution = { values: [], sawArray: false };
	collect(doc, segmentsOf(path), 0, resolution);
	return resolution;
}

function collect(value: unknown, segments: readonly string[], depth: number, resolution: Resolution): void {
	if (depth === segments.length) {
		if (value === undefined) return;
		if (Array.isArray(value)) resolution.sawArray = true;
		resolution.values.push(value);
		return;
	}
	const segment = segments[depth];
	if (Array.isArray(value)) {
		resolution.sawArray = true;
		if (isArrayIndex(segment)) {
			collect(value[Number(segment)], segments, depth + 1, resolution);
			return;
		}
		for (const element of value) {
			if (isPlainObject(element)) collect(element, segments, depth, resolution);
		}
		return;
	}
	if (isPlainObject(value) && Object.hasOwn(value, segment)) collect(value[segment], segments, depth + 1, resolution);
}

/**
 * Whether a path names a top-level field that plain property access handles: no dots or operators (nor
 * `__proto__`, whose assignment would set the prototype).
 */
export function isTopLevelField(path: string): boolean {
	return path !== '' && path !== '__proto__' && !path.includes('.') && !path.includes('$');
}

/** The values at `path`; arrays met before the last segment are traversed, a final array is returned as is. */
export function valuesAtPath(doc: PlainObject, path: string): unknown[] {
	return resolve(doc, path).values;
}

/** Values with final arrays expanded into their elements (each array element is its own index key). */
export function indexValuesAtPath(doc: PlainObject, path: string): Resolution {
	const resolution = resolve(doc, path);
	return resolution.sawArray ? { values: resolution.values.flat(), sawArray: true } : resolution;
}

/** The single value at `path` without array traversal (numeric segments index arrays), as updates see it. */
export function valueAtPath(doc: PlainObject, path: string): unknown {
	let current: unknown = doc;
	for (const segment of segmentsOf(path)) {
		if (Array.isArray(current) && isArrayIndex(segment)) current = current[Number(segment)];
		else if (isPlainObject(current) && Object.hasOwn(current, segment)) current = current[segment];
		else return undefined;
	}
	return current;
}

/** Sets `path`, creating intermediate objects (used to build upsert documents from filters). */
export function setAtPath(doc: PlainObject, path: string, value: unknown): void {
	const segments = segmentsOf(path);
	let current = doc;
	for (const segment of segments.slice(0, -1)) {
		const next = current[segment];
		if (!isPlainObject(next)) current[segment] = {};
		current = current[segment] as PlainObject;
	}
	current[segments[segments.length - 1]] = value;
}
