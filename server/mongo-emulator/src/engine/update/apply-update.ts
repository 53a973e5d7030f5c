/**
 * Applies an update statement's `u` to a document: a replacement document, update operators, or an
 * aggregation pipeline (`[{$set: ...}]`). Returns a new document; the input is never mutated.
 */
import { ObjectId, type Document } from 'bson';
import { Aggregator } from 'mingo/aggregator';
import { cloneValue } from '../../bson/clone';
import { compareBson } from '../../bson/compare';
import { setAtPath } from '../../bson/paths';
import { isPlainObject, type PlainObject } from '../../bson/types';
import { badValue, CommandError } from '../../errors';
import { MINGO_OPTIONS, withMingo } from '../query/mingo-options';
import { applyOperators, checkOperator, type OperatorUpdateContext } from './update-operators';

export type UpdateSpec = Document | Document[];

const PIPELINE_UPDATE_STAGES = new Set(['$addFields', '$set', '$project', '$unset', '$replaceRoot', '$replaceWith']);

export function applyUpdate(doc: PlainObject, update: UpdateSpec, context: OperatorUpdateContext): PlainObject {
	let result: PlainObject;
	if (Array.isArray(update)) result = applyPipeline(doc, update, context.variables);
	else if (isOperatorUpdate(update)) result = applyOperators(doc, update, context);
	else result = replaceDocument(doc, update);
	if (doc._id !== undefined && compareBson(doc._id, result._id) !== 0) {
		throw new CommandError('ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
	}
	return withIdFirst(result);
}

/** The document an upsert inserts: equality fields of the filter, then the update applied to them. */
export function buildUpsertDocument(filter: Document, update: UpdateSpec, context: OperatorUpdateContext): PlainObject {
	const seed = seedFromFilter(filter);
	let doc: PlainObject;
	if (!Array.isArray(update) && !isOperatorUpdate(update)) {
		// A replacement keeps only the filter's _id.
		doc = replaceDocument({}, update);
		if (doc._id === undefined && seed._id !== undefined) doc._id = seed._id;
	} else {
		doc = applyUpdate(seed, update, context);
	}
	if (doc._id === undefined) doc._id = new ObjectId();
	return withIdFirst(doc);
}

export function isOperatorUpdate(update: Document): boolean {
	const keys = Object.keys(update);
	const operators = keys.filter((key) => key.startsWith('$'));
	if (operators.length > 0 && operators.length < keys.length) {
		throw new CommandError('FailedToParse', 'An update document cannot mix update operators and plain fields');
	}
	return operators.length > 0;
}

function replaceDocument(doc: PlainObject, replacement: Document): PlainObject {
	const { _id: replacementId, ...fields } = cloneValue(replacement);
	const id = replacementId === undefined ? doc._id : replacementId;
	return id === undefined ? fields : { _id: id, ...fields };
}

/**
 * Parses the update as applying it would, so that a statement that matches no document is refused as MongoDB
 * refuses it (it parses before it looks for documents).
 */
export function checkUpdateSpec(update: UpdateSpec): void {
	if (Array.isArray(update)) checkPipelineStages(update);
	else if (isOperatorUpdate(update)) for (const operator in update) checkOperator(operator, update[operator]);
}

function checkPipelineStages(stages: Document[]): void {
	for (const stage of stages) {
		const name = isPlainObject(stage) ? Object.keys(stage)[0] : undefined;
		if (name === undefined || !PIPELINE_UPDATE_STAGES.has(name)) {
			throw badValue(`${String(name)} is not allowed to be used within an update`);
		}
	}
}

function applyPipeline(doc: PlainObject, stages: Document[], variables: Document | undefined): PlainObject {
	checkPipelineStages(stages);
	const options = variables ? { ...MINGO_OPTIONS, variables } : MINGO_OPTIONS;
	const [result] = withMingo(() => new Aggregator(stages, options).run([cloneValue(doc)]));
	if (!result) throw badValue('the update pipeline produced no document');
	return { ...result, _id: result._id ?? doc._id };
}

function seedFromFilter(filter: Document): PlainObject {
	const seed: PlainObject = {};
	for (const [key, condition] of Object.entries(filter)) {
		if (key === '$and' && Array.isArray(condition)) {
			for (const clause of condition) if (isPlainObject(clause)) Object.assign(seed, seedFromFilter(clause));
		} else if (!key.startsWith('$')) {
			const equality = equalityValue(condition);
			if (equality.found) setAtPath(seed, key, cloneValue(equality.value));
		}
	}
	return seed;
}

function equalityValue(condition: unknown): { found: boolean; value?: unknown } {
	if (condition instanceof RegExp) return { found: false };
	if (!isPlainObject(condition)) return { found: true, value: condition };
	const keys = Object.keys(condition);
	if (!keys.some((key) => key.startsWith('$'))) return { found: true, value: condition };
	return Object.hasOwn(condition, '$eq') ? { found: true, value: condition.$eq } : { found: false };
}

function withIdFirst(doc: PlainObject): PlainObject {
	if (doc._id === undefined || Object.keys(doc)[0] === '_id') return doc;
	const { _id, ...rest } = doc;
	return { _id, ...rest };
}
