/**
 * An ordered multiset kept as a list of sorted chunks (a flat two-level B-tree). Inserting into one big
 * sorted array moves half the array each time; chunks bound that to a few hundred items while lookups
 * stay binary searches.
 */

/** Moving array slots is costly in V8 (write barriers), so chunks stay small. */
const CHUNK_SIZE = 128;

export type Comparator<T> = (a: T, b: T) => number;

export class SortedList<T> {
	private readonly chunks: T[][] = [];
	private count = 0;

	constructor(private readonly compare: Comparator<T>) {}

	get size(): number {
		return this.count;
	}

	insert(item: T): void {
		this.count += 1;
		if (this.chunks.length === 0) {
			this.chunks.push([item]);
			return;
		}
		const lastChunk = lastOf(this.chunks);
		// Ascending keys (ObjectIds, creation dates) are common: appending needs one comparison.
		const appends = this.compare(lastOf(lastChunk), item) <= 0;
		const chunkIndex = appends ? this.chunks.length - 1 : this.firstChunkAfter(item, false);
		const chunk = this.chunks[chunkIndex];
		if (appends) chunk.push(item);
		else chunk.splice(this.firstOffsetAfter(chunk, item, false), 0, item);
		if (chunk.length > 2 * CHUNK_SIZE) this.chunks.splice(chunkIndex + 1, 0, chunk.splice(CHUNK_SIZE));
	}

	/** Removes the item comparing equal to `item`; the comparator must tell distinct items apart. */
	remove(item: T): boolean {
		const chunkIndex = this.firstChunkAfter(item, true);
		const chunk = this.chunks[chunkIndex];
		if (!chunk) return false;
		const offset = this.firstOffsetAfter(chunk, item, true);
		if (offset === chunk.length || this.compare(chunk[offset], item) !== 0) return false;
		chunk.splice(offset, 1);
		this.count -= 1;
		if (chunk.length === 0) this.chunks.splice(chunkIndex, 1);
		return true;
	}

	/**
	 * The rank (0-based position) of the first item for which `isAfter` holds; `isAfter` must be false for
	 * a prefix of the list and true for the rest. Returns `size` when it holds for none.
	 */
	rankWhere(isAfter: (item: T) => boolean): number {
		const chunkIndex = partitionPoint(this.chunks.length, (i) => isAfter(lastOf(this.chunks[i])));
		let rank = 0;
		for (let i = 0; i < chunkIndex; i++) rank += this.chunks[i].length;
		const chunk = this.chunks[chunkIndex];
		return chunk ? rank + partitionPoint(chunk.length, (i) => isAfter(chunk[i])) : rank;
	}

	/** Items in order, from the first one for which `isAfter` holds (see rankWhere), without computing ranks. */
	*itemsFrom(isAfter: (item: T) => boolean): Generator<T> {
		const first = partitionPoint(this.chunks.length, (i) => isAfter(lastOf(this.chunks[i])));
		for (let c = first; c < this.chunks.length; c++) {
			const chunk = this.chunks[c];
			const start = c === first ? partitionPoint(chunk.length, (i) => isAfter(chunk[i])) : 0;
			for (let i = start; i < chunk.length; i++) yield chunk[i];
		}
	}

	/** Items with rank in [from, to), in order or reversed. */
	*range(from: number, to: number, reverse = false): Generator<T> {
		if (from >= to) return;
		if (reverse) {
			yield* this.descending(from, to);
			return;
		}
		let rank = 0;
		for (const chunk of this.chunks) {
			if (rank + chunk.length > from) {
				for (let i = Math.max(0, from - rank); i < chunk.length && rank + i < to; i++) yield chunk[i];
			}
			rank += chunk.length;
			if (rank >= to) return;
		}
	}

	private *descending(from: number, to: number): Generator<T> {
		let rank = this.count;
		for (let c = this.chunks.length - 1; c >= 0; c--) {
			const chunk = this.chunks[c];
			rank -= chunk.length;
			if (rank >= to) continue;
			for (let i = Math.min(chunk.length, to - rank) - 1; i >= 0 && rank + i >= from; i--) yield chunk[i];
			if (rank <= from) return;
		}
	}

	// The two searches below are rankWhere specialised to the comparator, without closures: they run on
	// every insert and remove.

	/** First chunk whose last item is after `item` (or equal to it, with `orEqual`). */
	private firstChunkAfter(item: T, orEqual: boolean): number {
		let low = 0;
		let high = this.chunks.length;
		while (low < high) {
			const mid = (low + high) >>> 1;
			const order = this.compare(lastOf(this.chunks[mid]), item);
			if (order > 0 || (orEqual && order === 0)) high = mid;
			else low = mid + 1;
		}
		return low;
	}

	private firstOffsetAfter(chunk: T[], item: T, orEqual: boolean): number {
		let low = 0;
		let high = chunk.length;
		while (low < high) {
			const mid = (low + high) >>> 1;
			const order = this.compare(chunk[mid], item);
			if (order > 0 || (orEqual && order === 0)) high = mid;
			else low = mid + 1;
		}
		return low;
	}
}

function lastOf<T>(chunk: T[]): T {
	return chunk[chunk.length - 1];
}

/** First index in [0, length) for which `isAfter` holds (false then true), or `length`. */
function partitionPoint(length: number, isAfter: (index: number) => boolean): number {
	let low = 0;
	let high = length;
	while (low < high) {
		const mid = (low + high) >>> 1;
		if (isAfter(mid)) high = mid;
		else low = mid + 1;
	}
	return low;
}
