/**
 * Aggregation pipelines. A leading $match (and a $sort right after it) runs through the query planner so
 * it can use indexes; the countDocuments shape ($match, optional $skip/$limit, $group counting into a
 * constant _id) is answered by counting. Other stages run in mingo, except $sort, which uses MongoDB's
 * BSON order, and $unionWith, whose pipeline is run as an aggregation of its own (so it plans and counts
 * as one). Stages that may modify their input get copies, since stored documents are shared. A pipeline
 * whose documents leave the leading query untouched (nothing after it but $unionWith stages) answers with
 * the stored bytes, as a find does.
 */
import type { Document } from 'bson';
import { Aggregator } from 'mingo/aggregator';
import { cloneValue } from '../bson/clone';
import { isPlainObject, type PlainObject } from '../bson/types';
import { badValue, CommandError } from '../errors';
import { encodeDocument, type DocRecord } from './records';
import type { Database } from './database';
import { countMatches, findRecords, type QueryStats } from './query/executor';
import { MINGO_OPTIONS, toMingoFilter, withMingo } from './query/mingo-options';
import { parseSort, sortDocuments } from './query/sort';

/** Stages that only read their input documents. */
const READ_ONLY_STAGES = new Set(['$match', '$skip', '$limit', '$count', '$group', '$sortByCount']);
export const REFUSED_STAGES: ReadonlySet<string> = new Set([
	'$out',
	'$merge',
	'$currentOp',
	'$collStats',
	'$indexStats',
	'$listSessions',
	'$changeStream',
	'$search',
	'$geoNear',
]);

export interface AggregateResult {
	readonly documents: PlainObject[];
	/** Execution stats of the leading $match, when one was planned. */
	readonly stats?: QueryStats;
}

/** `variables` are the command's `let`. */
export function runAggregate(
	database: Database,
	collectionName: string,
	pipeline: unknown,
	variables?: Document,
): AggregateResult {
	const { records, rest, stats, counted } = leadingQuery(database, collectionName, pipeline, variables);
	if (counted) return { documents: counted, stats };
	return { documents: runStages(records?.map((record) => record.doc) ?? [], rest, database, variables), stats };
}

/** The pipeline's output as BSON: the stored bytes where the leading query's documents pass through untouched. */
export function runAggregateToBson(
	database: Database,
	collectionName: string,
	pipeline: unknown,
	variables?: Document,
): Uint8Array[] {
	const { records, rest, counted } = leadingQuery(database, collectionName, pipeline, variables);
	if (counted) return counted.map(encodeDocument);
	if (!rest.every((stage) => '$unionWith' in stage)) {
		return runStages(records?.map((record) => record.doc) ?? [], rest, database, variables).map(encodeDocument);
	}
	const output = records?.map((record) => record.bson) ?? [];
	for (const stage of rest) {
		const { coll, pipeline: inner } = unionSpec(stage.$unionWith);
		output.push(...runAggregateToBson(database, coll, inner, variables));
	}
	return output;
}

interface LeadingQuery {
	/** What the leading $match, $sort, $skip and $limit found; undefined when the collection does not exist. */
	readonly records?: readonly DocRecord[];
	readonly rest: Document[];
	readonly stats?: QueryStats;
	/** The whole output, when the pipeline has the countDocuments shape. */
	readonly counted?: PlainObject[];
}

function leadingQuery(database: Database, collectionName: string, pipeline: unknown, variables?: Document): LeadingQuery {
	const stages = parsePipeline(pipeline);
	const collection = database.collection(collectionName);
	if (!collection) return { rest: stages };
	const leadingMatch: unknown = stages[0]?.$match;
	const filter = isPlainObject(leadingMatch) ? leadingMatch : {};
	let rest = isPlainObject(leadingMatch) ? stages.slice(1) : stages;
	const countedShape = countShape(rest);
	if (countedShape) {
		const { results: count, stats } = countMatches(collection, {
			filter,
			skip: countedShape.skip,
			limit: countedShape.limit,
			variables,
		});
		return { rest: [], stats, counted: count > 0 ? [{ _id: countedShape.groupId, [countedShape.field]: count }] : [] };
	}
	const sortStage: unknown = rest[0]?.$sort;
	if (sortStage !== undefined) rest = rest.slice(1);
	// $skip/$limit right after let the query stop early when an index gives the order.
	const skip = integerAtLeast(0, rest[0]?.$skip);
	if (skip !== undefined) rest = rest.slice(1);
	const limit = integerAtLeast(1, rest[0]?.$limit);
	if (limit !== undefined) rest = rest.slice(1);
	const sort = sortStage === undefined ? [] : parseSort(sortStage);
	const found = findRecords(collection, { filter, sort, skip, limit, variables });
	return { records: found.results, rest, stats: found.stats };
}

/**
 * `$unionWith: <collection>` or `{coll, pipeline}`, as MongoDB parses it. The form without `coll` (a pipeline
 * starting with `$documents`, MongoDB 6) is refused.
 */
function unionSpec(spec: unknown): { coll: string; pipeline: unknown[] } {
	if (typeof spec === 'string') return { coll: spec, pipeline: [] };
	if (!isPlainObject(spec)) {
		throw new CommandError('FailedToParse', 'the $unionWith stage specification must be an object or string');
	}
	for (const field of Object.keys(spec)) {
		if (field !== 'coll' && field !== 'pipeline') {
			throw new CommandError('Location40415', `BSON field '$unionWith.${field}' is an unknown field.`);
		}
	}
	if (spec.pipeline !== undefined && !Array.isArray(spec.pipeline)) {
		throw new CommandError('TypeMismatch', "BSON field '$unionWith.pipeline' is the wrong type, expected type 'array'");
	}
	if (typeof spec.coll !== 'string') {
		throw badValue('$unionWith without a collection (a $documents pipeline) is not supported by the mongo emulator');
	}
	return { coll: spec.coll, pipeline: (spec.pipeline as unknown[] | undefined) ?? [] };
}

/** Evaluates each expression of a command's `let` once, against no document, as MongoDB does. */
export function evaluateVariables(expressions: Document): PlainObject {
	const [values] = withMingo(() => new Aggregator([{ $set: expressions }], MINGO_OPTIONS).run<PlainObject>([{}]));
	return values;
}

function integerAtLeast(minimum: number, value: unknown): number | undefined {
	return typeof value === 'number' && Number.isInteger(value) && value >= minimum ? value : undefined;
}

function parsePipeline(pipeline: unknown): Document[] {
	if (!Array.isArray(pipeline)) throw new CommandError('TypeMismatch', "'pipeline' option must be specified as an array");
	return pipeline.map((stage: unknown) => {
		if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
			throw badValue('A pipeline stage specification object must contain exactly one field.');
		}
		const name = Object.keys(stage)[0];
		if (REFUSED_STAGES.has(name)) throw badValue(`${name} is not supported by the mongo emulator`);
		return stage;
	});
}

interface CountShape {
	readonly skip?: number;
	readonly limit?: number;
	readonly groupId: unknown;
	readonly field: string;
}

/** `[$skip?, $limit?, {$group: {_id: <constant>, <field>: {$sum: 1}}}]`, as countDocuments sends. */
function countShape(stages: Document[]): CountShape | undefined {
	let index = 0;
	const skip = typeof stages[index]?.$skip === 'number' ? (stages[index++].$skip as number) : undefined;
	const limit = typeof stages[index]?.$limit === 'number' ? (stages[index++].$limit as number) : undefined;
	const group: unknown = stages[index]?.$group;
	if (index !== stages.length - 1 || !isPlainObject(group)) return undefined;
	const { _id: groupId, ...accumulators } = group;
	const fields = Object.entries(accumulators);
	const isConstant = typeof groupId === 'number' || groupId === null || (typeof groupId === 'string' && !groupId.startsWith('$'));
	if (!isConstant || fields.length !== 1) return undefined;
	const [field, accumulator] = fields[0];
	const countsOne = isPlainObject(accumulator) && Object.keys(accumulator).length === 1 && accumulator.$sum === 1;
	return countsOne ? { skip, limit, groupId, field } : undefined;
}

/** $match stages get the same BSON-aware range operators as find filters. */
function withBsonRangeOperators(stage: Document): Document {
	return isPlainObject(stage.$match) ? { $match: toMingoFilter(stage.$match) } : stage;
}

/** Runs stages in order: $sort by the emulator's sorter, runs of other stages by mingo. */
function runStages(input: PlainObject[], stages: Document[], database: Database, variables?: Document): PlainObject[] {
	let documents = input;
	let pending: Document[] = [];
	const flush = (): void => {
		if (pending.length === 0) return;
		const mutates = pending.some((stage) => !READ_ONLY_STAGES.has(Object.keys(stage)[0]));
		const source = mutates ? documents.map(cloneValue) : documents;
		const aggregator = new Aggregator(pending.map(withBsonRangeOperators), {
			...MINGO_OPTIONS,
			collectionResolver: (name: string) => database.collection(name)?.documents() ?? [],
			...(variables && { variables }),
		});
		documents = withMingo(() => aggregator.run<PlainObject>(source));
		pending = [];
	};
	for (const stage of stages) {
		if ('$sort' in stage) {
			flush();
			documents = sortDocuments(documents, parseSort(stage.$sort), (doc) => doc);
		} else if ('$unionWith' in stage) {
			flush();
			const { coll, pipeline } = unionSpec(stage.$unionWith);
			documents = [...documents, ...runAggregate(database, coll, pipeline, variables).documents];
		} else {
			pending.push(stage);
		}
	}
	flush();
	return documents;
}
