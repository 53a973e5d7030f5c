/**
 * The query planner against full scans. fast-check generates a collection (documents of mixed BSON types with
 * missing fields, arrays and embedded documents), its indexes (none, single-field, compound, sparse or partial)
 * and queries (filters, sorts, skips and limits, counts, then an update and a delete); each runs through the
 * official driver against an emulator that plans and one that scans (`planner: 'scan'`), and both must answer
 * alike, errors included. Random filters seldom meet an index, so most queries are built from one of the indexes
 * (see servedQuery). Code that both paths share (matching, key encoding, sorting) is not under test here: the
 * other test files check it against MongoDB's documented behaviour.
 *
 * MongoDB leaves the order of documents that tie under a sort unspecified (an index scan returns them in index
 * order, a collection scan in natural order), so every generated sort ends with `_id`, which is unique: the order
 * is then total and the comparison exact. Generated indexes often end with `_id` as well, so that they can still
 * give such an order. A query without a sort takes no skip or limit (which documents those keep would be
 * unspecified), and its documents are compared ordered by `_id`.
 *
 * The default run (100 cases) uses a fixed seed, which fast-check prints with any counterexample;
 * MONGO_EMULATOR_DIFF_RUNS and MONGO_EMULATOR_DIFF_SEED run more cases or other ones (a thorough run: 2000).
 * Planted planner bugs (a wrong exactness, bound, sort or implication rule) were found within 1 to 150 cases.
 * A real counterexample found is kept as a regular test in planner.test.ts.
 */
import fc from 'fast-check';
import { BSON, Long, MongoClient, MongoServerError, ObjectId, type Collection, type Document } from 'mongodb';
import { startMongoEmulator, type MongoEmulator } from '../src';

const RUNS = Number(process.env.MONGO_EMULATOR_DIFF_RUNS ?? 100);
const SEED = Number(process.env.MONGO_EMULATOR_DIFF_SEED ?? 7_091_523);

/** Paths that queries, sorts and indexes share, so that they meet often; `d.x` reaches into embedded documents. */
const PATHS = ['a', 'b', 'c', 'd.x'] as const;

/** Few values of each type, so that documents, bounds and index keys often meet (equal or adjacent). */
const scalar: fc.Arbitrary<unknown> = fc.oneof(
	{ weight: 4, arbitrary: fc.integer({ min: -2, max: 2 }) },
	{ weight: 1, arbitrary: fc.constantFrom(0.5, -0, Number.NaN, Number.NEGATIVE_INFINITY, 2 ** 53) },
	// int64 beyond ±2^53 stays a Long on the emulator's side; smaller ones arrive as numbers.
	{ weight: 1, arbitrary: fc.constantFrom(Long.fromNumber(2), Long.fromString('9007199254740993')) },
	{ weight: 2, arbitrary: fc.constantFrom('', 'a', 'b') },
	{ weight: 1, arbitrary: fc.boolean() },
	{ weight: 2, arbitrary: fc.constant(null) },
	{ weight: 1, arbitrary: fc.constantFrom(new Date(-86_400_000), new Date(0)) },
	{ weight: 1, arbitrary: fc.constantFrom(new ObjectId('000000000000000000000000'), new ObjectId('65a000000000000000000001')) },
);

const embedded = fc.record({ x: scalar, y: scalar }, { requiredKeys: [] });

/**
 * A field's value: mostly a scalar, often an array (a multikey index entry per element; see arrayFields), now
 * and then a document.
 */
const value: fc.Arbitrary<unknown> = fc.oneof(
	{ weight: 6, arbitrary: scalar },
	{ weight: 3, arbitrary: fc.array(scalar, { maxLength: 3 }) },
	{ weight: 1, arbitrary: embedded },
);

const fields = fc.record(
	{ a: value, b: value, c: value, d: fc.oneof(embedded, fc.array(embedded, { maxLength: 2 }), scalar) },
	{ requiredKeys: [] },
);

/** Unique _ids of three types, so that the _id index holds mixed types too. */
const documents = fc
	.array(fc.tuple(fc.constantFrom('int', 'string', 'objectId'), fields), { minLength: 5, maxLength: 40, size: 'medium' })
	.map((list) => list.map(([kind, doc], i): Document => ({ _id: idOf(kind, i), ...doc })));

function idOf(kind: string, i: number): number | string | ObjectId {
	if (kind === 'int') return i;
	return kind === 'string' ? `id${i}` : new ObjectId(i.toString(16).padStart(24, '0'));
}

const comparison = fc.constantFrom('$gt', '$gte', '$lt', '$lte');

/** Mostly the conditions index bounds are made of (equalities, ranges, $in), then the others. */
const condition: fc.Arbitrary<unknown> = fc.oneof(
	{ weight: 3, arbitrary: value },
	{ weight: 1, arbitrary: value.map((operand) => ({ $eq: operand })) },
	{ weight: 1, arbitrary: value.map((operand) => ({ $ne: operand })) },
	{ weight: 2, arbitrary: fc.tuple(comparison, scalar).map(([operator, operand]) => ({ [operator]: operand })) },
	{
		weight: 2,
		arbitrary: fc
			.tuple(comparison, scalar, comparison, scalar)
			.map(([first, low, second, high]) => ({ [first]: low, [second]: high })),
	},
	{ weight: 2, arbitrary: fc.array(value, { maxLength: 3 }).map((operands) => ({ $in: operands })) },
	{ weight: 1, arbitrary: fc.array(value, { maxLength: 3 }).map((operands) => ({ $nin: operands })) },
	{ weight: 1, arbitrary: fc.boolean().map((exists) => ({ $exists: exists })) },
	{
		weight: 1,
		arbitrary: fc
			.constantFrom('double', 'string', 'object', 'array', 'objectId', 'bool', 'date', 'null', 'int', 'long', 'number')
			.map((type) => ({ $type: type })),
	},
	{ weight: 1, arbitrary: fc.tuple(comparison, scalar).map(([operator, operand]) => ({ $not: { [operator]: operand } })) },
	{ weight: 1, arbitrary: fc.tuple(comparison, scalar).map(([operator, operand]) => ({ $elemMatch: { [operator]: operand } })) },
);

const fieldFilter = fc
	.tuple(
		fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...PATHS) }, { weight: 1, arbitrary: fc.constantFrom('d', '_id') }),
		condition,
	)
	.map(([path, pathCondition]): Document => ({ [path]: pathCondition }));

/** One field's condition, or two fields' (on one path, the second wins). */
const clause = fc.oneof(
	{ weight: 4, arbitrary: fieldFilter },
	{ weight: 1, arbitrary: fc.tuple(fieldFilter, fieldFilter).map(([first, second]) => ({ ...first, ...second })) },
);

const clauses = fc.array(clause, { minLength: 1, maxLength: 3 });

const filter: fc.Arbitrary<Document> = fc.oneof(
	{ weight: 1, arbitrary: fc.constant({}) },
	{ weight: 4, arbitrary: clause },
	{ weight: 2, arbitrary: clauses.map((all) => ({ $and: all })) },
	{ weight: 1, arbitrary: clauses.map((any) => ({ $or: any })) },
	{ weight: 1, arbitrary: fc.tuple(clause, clauses).map(([all, any]) => ({ ...all, $or: any })) },
);

/** Partial filters of the shapes the planner reasons about, and one ($type) that it does not. */
const partialCondition = fc.oneof(
	{ weight: 1, arbitrary: scalar },
	{ weight: 1, arbitrary: fc.constant({ $exists: true }) },
	{ weight: 3, arbitrary: fc.tuple(comparison, scalar).map(([operator, operand]) => ({ [operator]: operand })) },
	{ weight: 1, arbitrary: fc.array(scalar, { minLength: 1, maxLength: 3 }).map((operands) => ({ $in: operands })) },
	{ weight: 1, arbitrary: fc.constant({ $type: 'string' }) },
);
const partialFilter = fc
	.array(fc.tuple(fc.constantFrom(...PATHS), partialCondition), { minLength: 1, maxLength: 2 })
	.map((conditions): Document => {
		const [first, ...rest] = conditions.map(([path, pathCondition]) => ({ [path]: pathCondition }));
		return rest.length === 0 ? first : { $and: [first, ...rest] };
	});

const direction = fc.constantFrom(1, -1);

const indexOptions: fc.Arbitrary<{ sparse?: boolean; partialFilterExpression?: Document }> = fc.oneof(
	{ weight: 2, arbitrary: fc.constant({}) },
	{ weight: 1, arbitrary: fc.constant({ sparse: true }) },
	{ weight: 2, arbitrary: partialFilter.map((expression) => ({ partialFilterExpression: expression })) },
);

const indexSpec = fc.record({
	key: fc
		.tuple(
			fc.uniqueArray(fc.tuple(fc.constantFrom(...PATHS), direction), { minLength: 1, maxLength: 3, selector: ([path]) => path }),
			fc.option(direction),
		)
		.map(([keyFields, idDirection]): Document =>
			Object.fromEntries(idDirection === null ? keyFields : [...keyFields, ['_id', idDirection]]),
		),
	options: indexOptions,
});

interface Query {
	readonly filter: Document;
	/** Undefined: no sort, and so no skip or limit. */
	readonly sort?: Document;
	readonly skip?: number;
	readonly limit?: number;
}

type IndexSpec = typeof indexSpec extends fc.Arbitrary<infer T> ? T : never;

const skip = fc.option(fc.nat(8), { nil: undefined });
const limit = fc.option(fc.nat(8), { nil: undefined });

/** Any filter, with no sort or with one on any fields. */
const query: fc.Arbitrary<Query> = fc.oneof(
	filter.map((queryFilter) => ({ filter: queryFilter })),
	fc
		.record({
			filter,
			sortFields: fc.uniqueArray(fc.tuple(fc.constantFrom(...PATHS, 'd'), direction), {
				maxLength: 2,
				selector: ([path]) => path,
			}),
			idDirection: direction,
			skip,
			limit,
		})
		.map(({ filter: queryFilter, sortFields, idDirection, ...page }) => ({
			filter: queryFilter,
			sort: Object.fromEntries([...sortFields, ['_id', idDirection]]),
			...page,
		})),
);

/** Conditions index bounds are made of (null ones match missing fields too), and now and then any other. */
const boundCondition = fc.oneof(
	{ weight: 2, arbitrary: scalar },
	{ weight: 1, arbitrary: fc.constantFrom(null, { $in: [null] }, { $in: [null, 0] }) },
	{ weight: 4, arbitrary: fc.tuple(comparison, scalar).map(([operator, operand]) => ({ [operator]: operand })) },
	{
		weight: 2,
		arbitrary: fc
			.tuple(comparison, scalar, comparison, scalar)
			.map(([first, low, second, high]) => ({ [first]: low, [second]: high })),
	},
	{ weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }).map((operands) => ({ $in: operands })) },
	{ weight: 1, arbitrary: condition },
);

/**
 * What a query needs for a sparse or partial index to hold all its matches: the partial filter itself, or the
 * first field's existence. A near miss keeps the paths and operators with other operands (`$exists` turns
 * false), which may or may not imply the original: where the planner's reasoning about implication is tested.
 */
function requirementsOf(index: IndexSpec, kind: 'met' | 'nearMiss' | 'none', operands: unknown[]): Document[] {
	const { partialFilterExpression, sparse } = index.options;
	const required = [
		...(partialFilterExpression ? [partialFilterExpression] : []),
		...(sparse ? [{ [Object.keys(index.key)[0]]: { $exists: true } }] : []),
	];
	if (kind !== 'nearMiss') return kind === 'met' ? required : [];
	let next = 0;
	const otherOperand = (operator: string, operand: unknown): unknown => {
		if (operator === '$exists') return false;
		if (operator === '$type') return operand;
		return operator === '$in' ? [operands[next++ % operands.length]] : operands[next++ % operands.length];
	};
	const nearMiss = (clause: Document): Document =>
		Object.fromEntries(
			Object.entries(clause).map(([path, pathCondition]) => {
				if (path === '$and') return [path, (pathCondition as Document[]).map(nearMiss)];
				if (!isOperatorObject(pathCondition)) return [path, otherOperand('$eq', pathCondition)];
				return [
					path,
					Object.fromEntries(
						Object.entries(pathCondition).map(([operator, operand]) => [operator, otherOperand(operator, operand)]),
					),
				];
			}),
		);
	return required.map(nearMiss);
}

const isOperatorObject = (item: unknown): item is Document =>
	typeof item === 'object' && item !== null && !Array.isArray(item) && Object.keys(item).some((key) => key.startsWith('$'));

/**
 * A query the index can serve, which random filters seldom are: equalities or $in on a prefix of its fields and
 * a bound on the next; what its partial filter or sparseness requires, or a near miss of it; often the sort it
 * gives (its fields from one after the equalities, all in its direction or all reversed).
 */
function servedQuery(index: IndexSpec): fc.Arbitrary<Query> {
	const keyFields = Object.entries(index.key);
	return fc
		.record({
			bound: fc.integer({ min: 1, max: keyFields.length }),
			points: fc.array(
				fc.oneof(
					scalar,
					fc.array(scalar, { minLength: 1, maxLength: 3 }).map((operands) => ({ $in: operands })),
				),
				{ minLength: keyFields.length, maxLength: keyFields.length },
			),
			last: boundCondition,
			requirements: fc.constantFrom('met', 'nearMiss', 'none'),
			nearOperands: fc.array(scalar, { minLength: 2, maxLength: 2 }),
			order: fc.constantFrom('none', 'index', 'reversed'),
			sortFrom: fc.nat(),
			skip,
			limit,
		})
		.map(({ bound, points, last, requirements, nearOperands, order, sortFrom, ...page }) => {
			const conditions = keyFields.slice(0, bound).map(([path], i) => [path, i === bound - 1 ? last : points[i]]);
			const required = requirementsOf(index, requirements, nearOperands);
			const served = { ...Object.fromEntries(conditions), ...(required.length > 0 && { $and: required }) };
			if (order === 'none') return { filter: served };
			const sign = order === 'index' ? 1 : -1;
			const sortFields = keyFields.slice(sortFrom % bound).map(([path, indexDirection]) => [path, indexDirection * sign]);
			const sort = Object.fromEntries(index.key._id === undefined ? [...sortFields, ['_id', sign]] : sortFields);
			return { filter: served, sort, ...page };
		});
}

/** Queries and filters of a scenario: mostly ones its indexes can serve, when it has some. */
function queriesFor(indexes: readonly IndexSpec[]) {
	const served = indexes.length === 0 ? query : fc.constantFrom(...indexes).chain(servedQuery);
	const anyQuery = fc.oneof({ weight: 1, arbitrary: query }, { weight: 2, arbitrary: served });
	return fc.record({
		queries: fc.array(anyQuery, { minLength: 6, maxLength: 12 }),
		update: anyQuery.map(({ filter: updateFilter }) => updateFilter),
		remove: anyQuery.map(({ filter: removeFilter }) => removeFilter),
	});
}

/**
 * One array value makes an index multikey for good, after which few of its plans are exact or give a sort: so
 * each scenario allows arrays in a few fields only, often in none (the others keep an array's first element).
 */
const arrayFields = fc.oneof(
	{ weight: 2, arbitrary: fc.constant([]) },
	{ weight: 1, arbitrary: fc.subarray(['a', 'b', 'c', 'd'], { minLength: 1 }) },
);

function withArraysOnlyIn(doc: Document, allowed: readonly string[]): Document {
	return Object.fromEntries(
		Object.entries(doc).flatMap(([field, fieldValue]) => {
			if (!Array.isArray(fieldValue) || allowed.includes(field)) return [[field, fieldValue]];
			return fieldValue.length > 0 ? [[field, fieldValue[0]]] : [];
		}),
	);
}

const scenario = fc
	.record({
		indexes: fc.uniqueArray(indexSpec, { maxLength: 3, selector: ({ key }) => JSON.stringify(key) }),
		arrayFields,
		documents,
	})
	.chain(({ indexes, arrayFields: allowed, documents: docs }) =>
		queriesFor(indexes).map((queries) => ({
			indexes,
			documents: docs.map((doc) => withArraysOnlyIn(doc, allowed)),
			...queries,
		})),
	);

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** What a step answered, or the error it failed with; as canonical Extended JSON, which keeps every BSON type. */
async function outcome(step: string, action: () => Promise<unknown>): Promise<string> {
	let answer: unknown;
	try {
		answer = await action();
	} catch (error) {
		if (!(error instanceof MongoServerError)) throw error;
		answer = { code: error.code, message: error.message };
	}
	return `${step}: ${BSON.EJSON.stringify(answer, { relaxed: false })}`;
}

const byId = (docs: Document[]): Document[] =>
	[...docs].sort((a, b) => BSON.EJSON.stringify(a._id).localeCompare(BSON.EJSON.stringify(b._id)));

/** Plays a scenario on a collection: builds it, queries it, writes to it and reads it back whole. */
async function play(
	collection: Collection<Document>,
	{ indexes, documents: docs, queries, update, remove }: Scenario,
): Promise<string[]> {
	const outcomes: string[] = [];
	if (indexes.length > 0) {
		const specs = indexes.map(({ key, options }) => ({ key, ...options }));
		outcomes.push(await outcome('createIndexes', () => collection.createIndexes(specs)));
	}
	outcomes.push(
		await outcome('insertMany', () => collection.insertMany(docs, { ordered: false }).then((result) => result.insertedCount)),
	);
	for (const { filter: queryFilter, sort, skip, limit } of queries) {
		outcomes.push(
			await outcome('find', async () => {
				const found = await collection.find(queryFilter, { sort, skip, limit }).toArray();
				return sort ? found : byId(found);
			}),
			await outcome('countDocuments', () => collection.countDocuments(queryFilter, { skip, limit })),
		);
	}
	outcomes.push(
		await outcome('updateMany', () =>
			collection
				.updateMany(update, { $inc: { n: 1 } })
				.then(({ matchedCount, modifiedCount }) => ({ matchedCount, modifiedCount })),
		),
		await outcome('deleteMany', () => collection.deleteMany(remove).then(({ deletedCount }) => deletedCount)),
		// Reads through the _id index, which the writes above maintained.
		await outcome('contents', () => collection.find({}, { sort: { _id: 1 } }).toArray()),
	);
	return outcomes;
}

describe('mongo emulator query planner, differential', () => {
	let planned: MongoEmulator;
	let scanned: MongoEmulator;
	let clients: MongoClient[] = [];

	beforeAll(async () => {
		[planned, scanned] = await Promise.all([startMongoEmulator(), startMongoEmulator({ planner: 'scan' })]);
		clients = await Promise.all([planned, scanned].map((emulator) => MongoClient.connect(emulator.uri)));
	});

	afterAll(async () => {
		await Promise.all(clients.map((client) => client.close()));
		await Promise.all([planned, scanned].map((emulator) => emulator?.close()));
	});

	it(
		'answers every generated query as a full scan does, with and without (partial) indexes',
		async () => {
			let run = 0;
			await fc.assert(
				fc.asyncProperty(scenario, async (generated) => {
					const name = `run_${++run}`;
					const [fromPlanner, fromScan] = await Promise.all(
						clients.map((client) => play(client.db('differential').collection(name), generated)),
					);
					await Promise.all(clients.map((client) => client.db('differential').collection(name).drop()));
					expect(fromPlanner).toEqual(fromScan);
				}),
				{ numRuns: RUNS, seed: SEED },
			);
		},
		// Shrinking a counterexample found late in a long run takes minutes.
		10 * 60_000 + RUNS * 1_000,
	);
});
