/**
 * Runs a planned query: reads candidates from the plan, keeps those the filter matches, then sorts (unless
 * the index already gave the order), skips and limits. With the order given, it stops as soon as
 * skip + limit matches are found. An exact plan yields only matches, so nothing is matched, and with the
 * order given its skip is a jump to a position in the index.
 */
import type { Document } from 'bson';
import type { Collection } from '../collection';
import type { PlainObject } from '../../bson/types';
import type { DocRecord } from '../records';
import { compileFilter, matchAll } from './matcher';
import { planQuery, type QueryPlan } from './planner';
import { sortDocuments, type SortField } from './sort';

export interface QueryShape {
	readonly filter: Document;
	readonly sort?: readonly SortField[];
	readonly skip?: number;
	/** 0 or undefined: no limit. */
	readonly limit?: number;
	/** The command's `let`, for `$expr`. */
	readonly variables?: Document;
}

/** What `explain` reports about an execution. */
export interface QueryStats {
	readonly indexName?: string;
	/** The count came from index bounds alone (mongod's COUNT_SCAN). */
	readonly keysOnly: boolean;
	keysExamined: number;
	docsExamined: number;
	nReturned: number;
}

export interface QueryResult<T> {
	readonly results: T;
	readonly stats: QueryStats;
}

export interface FoundRecords extends QueryResult<DocRecord[]> {
	/**
	 * A result's document, decoded: with `keepDocuments`, the copy decoded to test the filter (callers that read
	 * every result, like updates, so decode each document once), else a fresh one. Only the query reads it after.
	 */
	readonly documentOf: (record: DocRecord) => PlainObject;
}

export interface FindOptions {
	/** Keep the documents decoded for the filter, for `documentOf`. */
	readonly keepDocuments?: boolean;
}

export function findRecords(collection: Collection, query: QueryShape, options: FindOptions = {}): FoundRecords {
	const sort = query.sort ?? [];
	const plan = planQuery(collection, query.filter, sort);
	const matches = plan.exact ? matchAll : compileFilter(residualFilter(query.filter, plan), query.variables);
	const stats = newStats(plan);
	const limit = query.limit || Infinity;
	const skippedByPosition = plan.exact && plan.providesSort ? (query.skip ?? 0) : 0;
	const skip = (query.skip ?? 0) - skippedByPosition;
	const wanted = plan.providesSort ? skip + limit : Infinity;
	const found: DocRecord[] = [];
	// Documents are decoded only to be tested, and then once each; an exact plan tests none.
	const decoded = new Map<DocRecord, PlainObject>();
	for (const record of candidates(collection, plan, stats, skippedByPosition)) {
		stats.docsExamined += 1;
		if (matches !== matchAll) {
			const doc = record.doc;
			if (!matches(doc)) continue;
			if (!plan.providesSort || options.keepDocuments) decoded.set(record, doc);
		}
		found.push(record);
		if (found.length >= wanted) break;
	}
	const ordered = plan.providesSort ? found : sortDocuments(found, sort, (record) => decoded.get(record) ?? record.doc);
	const results = ordered.slice(skip, skip + limit);
	stats.nReturned = results.length;
	return { results, stats, documentOf: (record) => decoded.get(record) ?? record.doc };
}

/** Counts matches; when the index bounds are exactly the filter, without reading any document. */
export function countMatches(collection: Collection, query: QueryShape): QueryResult<number> {
	const plan = planQuery(collection, query.filter, [], 'count');
	const stats = newStats(plan, plan.exact);
	let total: number;
	if (plan.exact) {
		total = plan.estimatedKeys;
		stats.keysExamined = total;
	} else {
		const matches = compileFilter(residualFilter(query.filter, plan), query.variables);
		total = 0;
		for (const record of candidates(collection, plan, stats, 0)) {
			stats.docsExamined += 1;
			if (matches === matchAll || matches(record.doc)) total += 1;
		}
	}
	const skip = query.skip ?? 0;
	const count = Math.max(0, Math.min(total - skip, query.limit || Infinity));
	stats.nReturned = count;
	return { results: count, stats };
}

/** The part of the filter that the plan's index bounds do not already guarantee. */
function residualFilter(filter: Document, plan: QueryPlan): Document {
	if (plan.enforcedFields.length === 0) return filter;
	return Object.fromEntries(Object.entries(filter).filter(([key]) => !plan.enforcedFields.includes(key)));
}

function newStats(plan: QueryPlan, keysOnly = false): QueryStats {
	return { indexName: plan.index?.name, keysOnly, keysExamined: 0, docsExamined: 0, nReturned: 0 };
}

/** `skip` leading entries of an index scan are passed over unread (counted as examined keys, as mongod does). */
function* candidates(collection: Collection, plan: QueryPlan, stats: QueryStats, skip: number): Generator<DocRecord> {
	if (!plan.index) {
		yield* collection.allRecords();
		return;
	}
	stats.keysExamined += Math.min(skip, plan.estimatedKeys);
	// A multikey index holds several entries for one document.
	const seen = plan.index.multikey ? new Set<DocRecord>() : undefined;
	for (const record of plan.index.scanRanks(plan.rankRanges, plan.reverse, skip)) {
		stats.keysExamined += 1;
		if (seen) {
			if (seen.has(record)) continue;
			seen.add(record);
		}
		yield record;
	}
}
