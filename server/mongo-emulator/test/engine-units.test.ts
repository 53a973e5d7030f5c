import { Binary, Long, MaxKey, MinKey, ObjectId, Timestamp } from 'bson';
import { compareBson } from '../src/bson/compare';
import { compareEncoded, encodeKeyValue } from '../src/engine/indexes/key-encoding';
import { SortedList } from '../src/engine/indexes/sorted-list';
import { implicationsOf } from '../src/engine/query/filter-implication';

/** A deterministic pseudo-random sequence (no flaky tests). */
function* pseudoRandom(seed: number): Generator<number> {
	let state = seed;
	for (;;) {
		state = (state * 1103515245 + 12345) % 2147483648;
		yield state;
	}
}

describe('SortedList', () => {
	it('keeps order, ranks and ranges identical to a sorted array through inserts and removals', () => {
		const list = new SortedList<number>((a, b) => a - b);
		const reference: number[] = [];
		const random = pseudoRandom(42);
		for (let i = 0; i < 5000; i++) {
			const value = random.next().value % 1000;
			if (value % 3 === 0 && reference.includes(value)) {
				expect(list.remove(value)).toBe(true);
				reference.splice(reference.indexOf(value), 1);
			} else {
				list.insert(value);
				reference.push(value);
				reference.sort((a, b) => a - b);
			}
		}
		expect(list.size).toBe(reference.length);
		expect([...list.range(0, list.size)]).toEqual(reference);
		const rank = list.rankWhere((item) => item >= 500);
		expect(rank).toBe(reference.findIndex((item) => item >= 500));
		expect([...list.range(rank, rank + 10, true)]).toEqual(reference.slice(rank, rank + 10).reverse());
		expect([...list.itemsFrom((item) => item >= 990)]).toEqual(reference.filter((item) => item >= 990));
		expect(list.remove(-1)).toBe(false);
	});
});

describe('index key encoding', () => {
	const values: unknown[] = [
		new MinKey(),
		null,
		Number.NaN,
		Number.NEGATIVE_INFINITY,
		Long.fromString('-9223372036854775808'),
		-2.5,
		0,
		1,
		Long.fromString('9007199254740993'),
		Number.POSITIVE_INFINITY,
		'',
		'a',
		'ab',
		'b',
		{ a: 1 },
		{ a: 1, b: 0 },
		{ b: 0 },
		[1, 2],
		[2],
		new Binary(Buffer.from([1])),
		new ObjectId('000000000000000000000001'),
		new ObjectId('ff0000000000000000000000'),
		false,
		true,
		new Date(-8.64e15),
		new Date(-8.64e15 + 1),
		new Date(-1),
		new Date(0),
		// Present-day times 1 ms apart, beyond what time + 2^53 holds exactly.
		new Date(Date.UTC(2024, 0, 1) - 1),
		new Date(Date.UTC(2024, 0, 1)),
		new Date(8.64e15),
		new Timestamp({ t: 1, i: 1 }),
		/a/,
		new MaxKey(),
	];

	it('lists the sample values in strictly ascending BSON order', () => {
		for (let i = 1; i < values.length; i++) expect(compareBson(values[i - 1], values[i])).toBeLessThan(0);
	});

	it('orders encoded keys exactly like compareBson', () => {
		for (const a of values) {
			for (const b of values) {
				expect(Math.sign(compareEncoded(encodeKeyValue(a), encodeKeyValue(b)))).toBe(Math.sign(compareBson(a, b)));
			}
		}
	});
});

describe('filter implication (when a partial index may answer a query)', () => {
	const exists = { k: { $exists: true } };
	const date = new Date('2024-01-01T00:00:00Z');
	const cases: Array<[query: object, filter: object, implied: boolean]> = [
		[{ a: 1, k: '5' }, exists, true],
		[{ k: { $eq: 0 } }, exists, true],
		[{ k: { $gt: date } }, exists, true],
		[{ k: { $in: ['a', 'b'] } }, exists, true],
		[{ k: { $exists: true } }, exists, true],
		[{ $and: [{ a: 1 }, { k: 'x' }] }, exists, true],
		[{ k: null }, exists, false],
		[{ k: { $in: ['a', null] } }, exists, false],
		[{ k: { $exists: false } }, exists, false],
		[{ k: { $ne: 'x' } }, exists, false],
		[{ k: /x/ }, exists, false],
		[{ a: 1 }, exists, false],
		[{ 'k.x': 1 }, exists, false],
		[{ $or: [{ k: 1 }, { k: 2 }] }, exists, false],
		[{ k: { $exists: false } }, { k: { $exists: false } }, true],
		[{ score: 7 }, { score: { $gt: 5 } }, true],
		[{ score: Long.fromNumber(7) }, { score: { $gt: 5.5 } }, true],
		[{ score: { $gte: 6 } }, { score: { $gt: 5 } }, true],
		[{ score: { $gt: 5 } }, { score: { $gte: 5 } }, true],
		[{ score: { $gte: 5 } }, { score: { $gt: 5 } }, false],
		[{ score: 5 }, { score: { $gt: 5 } }, false],
		[{ score: { $lt: 9 } }, { score: { $gt: 5 } }, false],
		[{ score: '7' }, { score: { $gt: 5 } }, false],
		[{ score: { $in: [6, 7] } }, { score: { $gt: 5 } }, true],
		[{ score: { $in: [5, 7] } }, { score: { $gt: 5 } }, false],
		[{ status: 'a' }, { status: { $in: ['a', 'b'] } }, true],
		[{ status: { $in: ['a', 'b'] } }, { status: { $in: ['b', 'c', 'a'] } }, true],
		[{ status: { $in: ['a', 'd'] } }, { status: { $in: ['a', 'b'] } }, false],
		[{ a: 1, k: 'x' }, { k: { $exists: true }, a: 1 }, true],
		[{ a: 2, k: 'x' }, { k: { $exists: true }, a: 1 }, false],
		// Only what is understood in the index's filter can be implied.
		[{ k: 'x' }, { k: { $type: 'string' } }, false],
		[{ k: 'x' }, { $or: [{ k: 'x' }, { k: 'y' }] }, false],
	];

	it.each(cases)('%j implies %j: %s', (query, filter, implied) => {
		expect(implicationsOf(query)(filter)).toBe(implied);
	});
});
