/**
 * The direct matcher (src/engine/query/direct-matcher.ts) against mingo's `Query` with the emulator's BSON-aware
 * operators, which answered every filter before it. fast-check generates stored documents (mixed BSON types,
 * missing fields, arrays, embedded documents and arrays of them, round-tripped through BSON as the emulator stores
 * them) and filters of the shapes the direct matcher takes; both must agree on every document. Where mingo departs
 * from MongoDB (an array directly inside an array, an int64 equal to a double beyond 2^53), the generator makes no
 * such case and MongoDB's answer is asserted on its own below. Filters of other shapes must be handed to mingo.
 */
import { BSON, Decimal128, Long, ObjectId } from 'bson';
import fc from 'fast-check';
import type { PlainObject } from '../src/bson/types';
import { compileDirectFilter } from '../src/engine/query/direct-matcher';
import { compileFilter, compileWithMingo } from '../src/engine/query/matcher';

const PATHS = ['a', 'b', 'd.x', 'd.y.z'] as const;

const OBJECT_IDS = [new ObjectId('000000000000000000000000'), new ObjectId('65a000000000000000000001')];
const DATES = [new Date(-86_400_000), new Date(0), new Date(1_700_000_000_000)];

/** Operands the direct matcher takes: few values of each type, so that documents often hold them. */
const operand: fc.Arbitrary<unknown> = fc.oneof(
	fc.integer({ min: -2, max: 2 }),
	fc.constantFrom(0.5, -0, Number.NEGATIVE_INFINITY, 2 ** 31),
	fc.constantFrom('', 'a', 'b'),
	fc.boolean(),
	fc.constantFrom(...DATES),
	fc.constantFrom(...OBJECT_IDS),
);

/** Stored values: the operands' types and more (null, NaN, int64, binary, embedded documents). */
const scalar: fc.Arbitrary<unknown> = fc.oneof(
	{ weight: 6, arbitrary: operand },
	{
		weight: 1,
		arbitrary: fc.constantFrom(null, Number.NaN, Long.fromString('9007199254740993'), new BSON.Binary(Buffer.from('a'))),
	},
);
const leaf: fc.Arbitrary<unknown> = fc.oneof(
	{ weight: 4, arbitrary: scalar },
	{ weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
);
const inner = fc.record({ z: leaf }, { requiredKeys: [] });
const embedded = fc.record({ x: leaf, y: fc.oneof(inner, fc.array(inner, { maxLength: 2 }), scalar) }, { requiredKeys: [] });

const storedDocument = fc
	.record(
		{ a: leaf, b: leaf, d: fc.oneof(embedded, fc.array(fc.oneof(embedded, scalar), { maxLength: 3 }), scalar) },
		{ requiredKeys: [] },
	)
	.map((doc) => BSON.deserialize(BSON.serialize(doc)) as PlainObject);

const comparison = fc.constantFrom('$gt', '$gte', '$lt', '$lte');

/** The operators of one condition; `$exists` only on a top-level field (on a dotted path mingo answers it). */
function operatorsOn(path: string): fc.Arbitrary<PlainObject> {
	const choices: Array<fc.Arbitrary<PlainObject>> = [
		operand.map((value) => ({ $eq: value })),
		operand.map((value) => ({ $ne: value })),
		fc.tuple(comparison, operand).map(([operator, value]) => ({ [operator]: value })),
		fc
			.tuple(comparison, operand, comparison, operand)
			.filter(([first, , second]) => first !== second)
			.map(([first, low, second, high]) => ({ [first]: low, [second]: high })),
		fc.array(operand, { maxLength: 3 }).map((values) => ({ $in: values })),
	];
	if (!path.includes('.')) choices.push(fc.boolean().map((exists) => ({ $exists: exists })));
	return fc.oneof(...choices);
}

const conditionOn = (path: string): fc.Arbitrary<unknown> =>
	fc.oneof(
		{ weight: 3, arbitrary: operand },
		{ weight: 4, arbitrary: operatorsOn(path) },
		{ weight: 1, arbitrary: operatorsOn(path).map((inside) => ({ $not: inside })) },
	);

const fieldConditions = fc
	.subarray([...PATHS], { minLength: 1, maxLength: 3 })
	.chain((paths) =>
		fc.tuple(...paths.map(conditionOn)).map((conditions) => Object.fromEntries(paths.map((path, i) => [path, conditions[i]]))),
	);
const filter: fc.Arbitrary<PlainObject> = fc.oneof(
	{ weight: 4, arbitrary: fieldConditions },
	{ weight: 1, arbitrary: fc.array(fieldConditions, { minLength: 1, maxLength: 2 }).map((clauses) => ({ $and: clauses })) },
);

describe('the direct matcher', () => {
	it('answers as mingo does for every filter of its shapes', () => {
		fc.assert(
			fc.property(filter, fc.array(storedDocument, { minLength: 1, maxLength: 8 }), (query, docs) => {
				const direct = compileDirectFilter(query);
				expect(direct).toBeDefined();
				const mingo = compileWithMingo(query);
				for (const doc of docs) {
					expect({ query, doc, matches: direct!(doc) }).toEqual({ query, doc, matches: mingo(doc) });
				}
			}),
			{ numRuns: 2000, seed: 4_170_231 },
		);
	});

	it('follows MongoDB where mingo does not', () => {
		const matches = (query: PlainObject, doc: PlainObject) => compileDirectFilter(query)!(doc);
		// An equality looks one array deep, not into arrays within it.
		expect(matches({ a: 5 }, { a: [[5]] })).toBe(false);
		expect(matches({ a: 5 }, { a: [4, 5] })).toBe(true);
		// Numbers compare by value across BSON types.
		expect(matches({ a: 2 ** 60 }, { a: Long.fromString(String(2n ** 60n)) })).toBe(true);
		expect(matches({ a: { $in: [2 ** 60] } }, { a: Long.fromString(String(2n ** 60n)) })).toBe(true);
	});

	it('applies MongoDB semantics to the server’s key lookup and contact update', () => {
		const now = new Date(1_700_000_000_000);
		const keyLookup = compileFilter({
			apiKeyHash: 'h',
			blocked: { $ne: true },
			plan: 'pro',
			'rateWindow.endsAt': { $gt: now },
		});
		const open = { endsAt: new Date(now.getTime() + 1), calls: 3 };
		expect(keyLookup({ apiKeyHash: 'h', plan: 'pro', rateWindow: open })).toBe(true); // no blocked field: $ne matches
		expect(keyLookup({ apiKeyHash: 'h', blocked: false, plan: 'pro', rateWindow: open })).toBe(true);
		expect(keyLookup({ apiKeyHash: 'h', blocked: true, plan: 'pro', rateWindow: open })).toBe(false);
		expect(keyLookup({ apiKeyHash: 'h', plan: 'free', rateWindow: open })).toBe(false);
		expect(keyLookup({ apiKeyHash: 'h', plan: 'pro', rateWindow: { endsAt: now, calls: 3 } })).toBe(false);
		expect(keyLookup({ apiKeyHash: 'h', plan: 'pro' })).toBe(false); // never opened: null is not in the Date bracket
		expect(keyLookup({ apiKeyHash: 'h', plan: 'pro', rateWindow: { endsAt: now.getTime() + 1 } })).toBe(false);
		const rollover = compileFilter({ apiKeyHash: 'h', 'rateWindow.endsAt': { $not: { $gt: now } } });
		expect(rollover({ apiKeyHash: 'h' })).toBe(true);
		expect(rollover({ apiKeyHash: 'h', rateWindow: open })).toBe(false);
		const owner = new ObjectId();
		const contact = compileFilter({ botId: 1, messenger: 'telegram', messengerKey: '42', ownerId: owner });
		expect(contact({ botId: 1, messenger: 'telegram', messengerKey: '42', ownerId: new ObjectId(owner.toHexString()) })).toBe(
			true,
		);
		expect(contact({ botId: 1, messenger: 'telegram', messengerKey: '42', ownerId: new ObjectId() })).toBe(false);
		expect(contact({ botId: 1, messenger: 'telegram', messengerKey: '42', ownerId: owner.toHexString() })).toBe(false);
	});

	it('hands every other filter to mingo', () => {
		const others: PlainObject[] = [
			{ a: null },
			{ a: { $ne: null } },
			{ a: { $in: [1, null] } },
			{ a: [1, 2] },
			{ a: { b: 1 } },
			{ a: {} },
			{ a: /x/ },
			{ a: { $regex: 'x' } },
			{ a: { $not: /x/ } },
			{ a: Long.fromNumber(1) },
			{ a: new Decimal128('1') },
			{ a: { $gt: null } },
			{ a: { $gt: Number.NaN } },
			{ a: { $exists: 1 } },
			{ 'd.x': { $exists: true } },
			{ a: { $nin: [1] } },
			{ a: { $eq: 1, b: 2 } },
			{ 'a.0': 1 },
			{ 'a..b': 1 },
			{ $or: [{ a: 1 }] },
			{ $and: [] },
			{ $expr: { $eq: ['$a', 1] } },
			{ a: { $elemMatch: { $gt: 1 } } },
			{ a: { $type: 'string' } },
		];
		for (const query of others) expect({ query, direct: compileDirectFilter(query) }).toEqual({ query, direct: undefined });
	});
});
