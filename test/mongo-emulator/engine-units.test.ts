import { Binary, Long, MaxKey, MinKey, ObjectId, Timestamp } from 'bson';
import { compareBson } from '../../server/src/mongo-emulator/bson/compare';
import { compareEncoded, encodeKeyValue } from '../../server/src/mongo-emulator/engine/indexes/key-encoding';
import { SortedList } from '../../server/src/mongo-emulator/engine/indexes/sorted-list';

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
		new Date(-1),
		new Date(0),
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
