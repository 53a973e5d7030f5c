/**
 * Chooses how to find a query's candidates: a collection scan or a scan of index key ranges. An index is
 * usable when the filter constrains a prefix of its fields (points, then at most one range), or when it
 * yields documents already in the requested sort order; a sparse or partial index also needs the query to
 * imply that its matches are all indexed. The cheapest estimate wins; counts come from binary searches
 * over the index, so planning costs O(log n) per range.
 */
import type { Document } from 'bson';
import { compareBson } from '../../bson/compare';
import type { Collection } from '../collection';
import type { CollectionIndex, RankRange } from '../indexes/collection-index';
import { prefixRange, type KeyBound, type KeyRange } from '../indexes/index-bounds';
import type { IndexField } from '../indexes/index-spec';
import { analyzeFilter, type Constraint, type FilterConstraints, type ValueBound } from './filter-constraints';
import { implicationsOf } from './filter-implication';
import type { SortField } from './sort';
import { bracketEdges } from './type-brackets';

/**
 * How queries find their candidates: by the cheapest plan, which may scan index ranges (the default), or always
 * by reading the whole collection. The full scan is the reference the planner is tested against.
 */
export type PlannerMode = 'indexes' | 'scan';

/** Beyond this many point combinations ($in lists), later index fields are left to the filter. */
const MAX_RANGES = 1000;
/** Rough extra cost per candidate of sorting in memory compared with reading in index order. */
const IN_MEMORY_SORT_FACTOR = 2;

export interface QueryPlan {
	/** Undefined for a collection scan. */
	readonly index?: CollectionIndex;
	readonly ranges: readonly KeyRange[];
	/** Where the ranges are in the index, found once while planning, for the scan that follows at once. */
	readonly rankRanges: readonly RankRange[];
	readonly reverse: boolean;
	/** Candidates come out in the requested sort order. */
	readonly providesSort: boolean;
	/** Every entry in the ranges is a match, so the ranges' sizes are the match count. */
	readonly exact: boolean;
	readonly estimatedKeys: number;
	/** How many leading index fields bound the scan (the more, the fewer candidates fail the filter). */
	readonly boundFields: number;
	/** Top-level filter fields that every scanned entry satisfies; the filter need not test them again. */
	readonly enforcedFields: readonly string[];
	/** One value for every field of a unique index: at most one document, so no other plan can be cheaper. */
	readonly uniquePoint: boolean;
}

/** A count needs no documents when a plan is exact; a fetch always reads the candidates. */
export type QueryPurpose = 'fetch' | 'count';

export function planQuery(
	collection: Collection,
	filter: Document,
	sort: readonly SortField[],
	purpose: QueryPurpose = 'fetch',
): QueryPlan {
	let best: QueryPlan = {
		ranges: [],
		rankRanges: [],
		reverse: false,
		providesSort: sort.length === 0,
		exact: false,
		estimatedKeys: collection.documentCount,
		boundFields: 0,
		enforcedFields: [],
		uniquePoint: false,
	};
	if (collection.planner === 'scan') return best;
	const constraints = analyzeFilter(filter);
	const implies = implicationsOf(filter);
	// Unique indexes first: a lookup by a unique key (an `_id`, an API key, a messenger ID) is most commands, and
	// is taken at once, without weighing the other indexes.
	for (const index of collection.indexesUniqueFirst()) {
		if (!holdsAllMatches(index, implies)) continue;
		const plan = planIndexScan(index, constraints, sort);
		if (plan?.uniquePoint && purpose === 'fetch') return plan;
		if (plan && isCheaper(plan, best, sort, purpose)) best = plan;
	}
	return best;
}

function isCheaper(plan: QueryPlan, than: QueryPlan, sort: readonly SortField[], purpose: QueryPurpose): boolean {
	const difference = cost(plan, sort, purpose) - cost(than, sort, purpose);
	return difference < 0 || (difference === 0 && plan.boundFields > than.boundFields);
}

function cost(plan: QueryPlan, sort: readonly SortField[], purpose: QueryPurpose): number {
	if (purpose === 'count' && plan.exact) return plan.ranges.length;
	return plan.estimatedKeys * (sort.length > 0 && !plan.providesSort ? IN_MEMORY_SORT_FACTOR : 1);
}

/**
 * A partial index holds the documents its filter matches and a sparse one those with some indexed field, so
 * either answers a query only if the query implies that (as MongoDB decides with `isSubsetOf`).
 */
function holdsAllMatches(index: CollectionIndex, implies: (filter: Document) => boolean): boolean {
	const { partialFilterExpression, sparse, fields } = index.spec;
	if (partialFilterExpression && !implies(partialFilterExpression)) return false;
	return !sparse || fields.some((field) => implies({ [field.path]: { $exists: true } }));
}

function planIndexScan(
	index: CollectionIndex,
	constraints: FilterConstraints,
	sort: readonly SortField[],
): QueryPlan | undefined {
	let prefixes: unknown[][] = [[]];
	let ranges: KeyRange[] | undefined;
	let usedFields = 0;
	let constantFields = 0;
	let exact = constraints.complete && !index.multikey;
	const enforcedFields: string[] = [];
	// A bound enforces a field's whole condition when exact, on single-valued keys, from a top-level field.
	const enforce = (path: string, constraint: Constraint, boundExact: boolean): void => {
		exact &&= boundExact;
		if (boundExact && !index.multikey && constraints.fromFields.get(path) === constraint) enforcedFields.push(path);
	};
	for (const field of index.spec.fields) {
		const constraint = constraints.byPath.get(field.path);
		if (!constraint) break;
		if (constraint.kind === 'range') {
			const { range, exact: rangeExact } = rangeBounds(index, field, constraint);
			ranges = prefixes.map((prefix) => range(prefix));
			enforce(field.path, constraint, rangeExact);
			usedFields += 1;
			break;
		}
		const points = distinctSorted(constraint.values, field.direction);
		if (prefixes.length * points.length > MAX_RANGES) break;
		prefixes = prefixes.flatMap((prefix) => points.map((point) => [...prefix, point]));
		if (points.length === 1 && constantFields === usedFields) constantFields += 1;
		enforce(field.path, constraint, constraint.exact);
		usedFields += 1;
	}
	ranges ??= prefixes.map(prefixRange);
	const order = sortOrder(index, sort, constantFields);
	// An index that constrains nothing only helps by saving a sort.
	if (usedFields === 0 && (sort.length === 0 || !order)) return undefined;
	const rankRanges = index.rankRanges(ranges);
	return {
		index,
		ranges,
		rankRanges,
		reverse: order === 'reverse',
		providesSort: order !== undefined,
		exact: exact && usedFields === constraints.byPath.size,
		estimatedKeys: rankRanges.reduce((total, [from, to]) => total + to - from, 0),
		boundFields: usedFields,
		enforcedFields,
		uniquePoint: index.spec.unique && constantFields === index.spec.fields.length,
	};
}

/**
 * Bounds for a range on the field after the point prefix. On a multikey index the two sides of a range
 * may be met by different array elements, so only one side can bound the scan. An open side ends at the
 * edge of the other side's type bracket, since a comparison matches nothing outside it.
 */
function rangeBounds(
	index: CollectionIndex,
	field: IndexField,
	constraint: Extract<Constraint, { kind: 'range' }>,
): { range: (prefix: unknown[]) => KeyRange; exact: boolean } {
	const given = index.multikey && constraint.low ? { low: constraint.low, high: undefined } : constraint;
	const [lowEdge, highEdge] = bracketEdges((given.low ?? given.high)?.value) ?? [];
	const low = given.low ?? lowEdge;
	const high = given.high ?? highEdge;
	const [first, last] = field.direction === 1 ? [low, high] : [high, low];
	const bound = (prefix: unknown[], side: ValueBound | undefined): KeyBound =>
		side ? { key: [...prefix, side.value], inclusive: side.inclusive } : { key: prefix, inclusive: true };
	return {
		range: (prefix) => ({ start: bound(prefix, first), end: bound(prefix, last) }),
		exact: constraint.exact && given.high === constraint.high,
	};
}

/**
 * Whether scanning the index yields the sort order: the sort fields must be consecutive index fields,
 * all in the index's direction or all reversed, preceded only by fields fixed to a single value.
 * Multikey indexes hold one entry per element, which is not the sort order of whole documents.
 */
function sortOrder(
	index: CollectionIndex,
	sort: readonly SortField[],
	constantFields: number,
): 'forward' | 'reverse' | undefined {
	if (sort.length === 0) return 'forward';
	if (index.multikey) return undefined;
	const fields = index.spec.fields;
	for (let start = 0; start <= constantFields && start + sort.length <= fields.length; start++) {
		const aligned = sort.every((field, i) => field.path === fields[start + i].path);
		if (!aligned) continue;
		const relation = sort.map((field, i) => field.direction === fields[start + i].direction);
		if (relation.every(Boolean)) return 'forward';
		if (relation.every((same) => !same)) return 'reverse';
	}
	return undefined;
}

function distinctSorted(values: readonly unknown[], direction: 1 | -1): unknown[] {
	const sorted = [...values].sort((a, b) => compareBson(a, b) * direction);
	return sorted.filter((value, i) => i === 0 || compareBson(sorted[i - 1], value) !== 0);
}
