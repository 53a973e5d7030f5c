/**
 * The emulator's index container (`server/mongo-emulator/src/engine/indexes/sorted-list.ts`, chunked sorted arrays)
 * against a maintained library with the same abilities, js-sdsl's OrderedSet (a red-black tree with subtree sizes,
 * so that it too finds a rank and an item by rank in O(log n); libraries without ranks cannot count an index range
 * or skip by position without walking it). The operations are what an index of 100,000 contacts does: inserts in
 * ascending and in random order, counting a key range (getNumberOfContacts), taking 1000 items from a rank (an
 * export page), removals.
 *
 *   npm run bench:sorted-container -- [items=100000] [rounds=5]
 */
import { performance } from 'node:perf_hooks';
import { OrderedSet } from 'js-sdsl';
import { SortedList } from '../server/mongo-emulator/src/engine/indexes/sorted-list';
import { fmt, median, table } from './lib/stats';

const ITEMS = Number(process.argv[2] ?? 100_000);
const ROUNDS = Number(process.argv[3] ?? 5);
const PAGE = 1000;

/** An index entry as the emulator keeps it: an encoded key (owner, flag, ID) and a tie-breaking sequence. */
interface Entry {
	key: [string, string, number];
	seq: number;
}
const compare = (a: Entry, b: Entry): number => {
	for (let i = 0; i < 3; i++) {
		if (a.key[i] < b.key[i]) return -1;
		if (a.key[i] > b.key[i]) return 1;
	}
	return a.seq - b.seq;
};

/** The operations both containers offer, in the emulator's terms. */
interface Container {
	insert(entry: Entry): void;
	remove(entry: Entry): void;
	/** Rank of the first entry not before `bound`. */
	rank(bound: Entry): number;
	/** `count` entries from rank `from`. */
	take(from: number, count: number): number;
}

function ours(): Container {
	const list = new SortedList<Entry>(compare);
	return {
		insert: (entry) => list.insert(entry),
		remove: (entry) => void list.remove(entry),
		rank: (bound) => list.rankWhere((entry) => compare(entry, bound) >= 0),
		take(from, count) {
			let taken = 0;
			for (const _ of list.range(from, from + count)) taken += 1;
			return taken;
		},
	};
}

function library(): Container {
	const set = new OrderedSet<Entry>([], compare, true);
	return {
		insert: (entry) => void set.insert(entry),
		remove: (entry) => void set.eraseElementByKey(entry),
		rank: (bound) => {
			const at = set.lowerBound(bound);
			return at.equals(set.end()) ? set.size() : at.index;
		},
		take(from, count) {
			if (from >= set.size()) return 0;
			const at = set.lowerBound(set.getElementByPos(from));
			let taken = 0;
			for (const end = set.end(); taken < count && !at.equals(end); at.next()) taken += 1;
			return taken;
		},
	};
}

const owners = ['\u0007aaaa', '\u0007bbbb', '\u0007cccc'];
const entryOf = (i: number): Entry => ({ key: [owners[i % 3], '\u00080', i], seq: i });
const shuffled = (n: number): number[] => {
	const order = Array.from({ length: n }, (_, i) => i);
	let seed = 42;
	for (let i = n - 1; i > 0; i--) {
		seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
		const j = seed % (i + 1);
		[order[i], order[j]] = [order[j], order[i]];
	}
	return order;
};

function time(run: () => unknown): number {
	const started = performance.now();
	run();
	return performance.now() - started;
}

function measure(make: () => Container): Record<string, number> {
	const ascending = make();
	const inOrder = time(() => {
		for (let i = 0; i < ITEMS; i++) ascending.insert(entryOf(i));
	});
	const random = make();
	const order = shuffled(ITEMS);
	const atRandom = time(() => {
		for (const i of order) random.insert(entryOf(i));
	});
	let sink = 0;
	const counts = time(() => {
		for (let i = 0; i < 10_000; i++) {
			const owner = owners[i % 3];
			sink += random.rank({ key: [owner, '\u00081', 0], seq: 0 }) - random.rank({ key: [owner, '\u00080', 0], seq: 0 });
		}
	});
	const pages = time(() => {
		for (let from = 0; from < ITEMS; from += PAGE) sink += random.take(from, PAGE);
	});
	const removals = time(() => {
		for (const i of order.slice(0, 10_000)) random.remove(entryOf(i));
	});
	if (sink === 0) throw new Error('nothing measured');
	return { inOrder, atRandom, counts, pages, removals };
}

const results = { ours: [] as Record<string, number>[], library: [] as Record<string, number>[] };
for (let round = 0; round < ROUNDS; round++) {
	results.ours.push(measure(ours));
	results.library.push(measure(library));
}
const rows: Array<[string, string]> = [
	['inOrder', `insert ${fmt(ITEMS)} in ascending order`],
	['atRandom', `insert ${fmt(ITEMS)} in random order`],
	['counts', 'count a key range, 10,000 times'],
	['pages', `take ${fmt(PAGE)} from a rank, every page of ${fmt(ITEMS)}`],
	['removals', 'remove 10,000 at random'],
];
const at = (name: 'ours' | 'library', key: string) => median(results[name].map((result) => result[key]));
console.log(`Sorted containers, ${fmt(ITEMS)} items, median of ${ROUNDS} rounds, Node ${process.version}\n`);
console.log(
	table(
		['operation', 'SortedList (ours)', 'js-sdsl OrderedSet', 'ours / library'],
		rows.map(([key, label]) => [
			label,
			`${fmt(at('ours', key), 1)} ms`,
			`${fmt(at('library', key), 1)} ms`,
			`${fmt(at('ours', key) / at('library', key), 2)}x`,
		]),
		['---', '---:', '---:', '---:'],
	),
);
