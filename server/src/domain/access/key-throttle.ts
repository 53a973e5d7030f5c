/**
 * Failed authentications with API keys, so that they stay cheap to refuse without one client's mistakes refusing
 * another's valid key (many clients share an address behind n8n Cloud, a NAT or a CI runner). Per instance, in memory:
 *
 * - Each client's own failures decide its refusal: a key that matched no user `failuresPerMinute` times from one
 *   address is refused there, without a lookup, for the rest of that minute. Other keys from the address are not.
 * - The database work stays bounded per address: each address may look up `failuresPerMinute` keys a minute that turn
 *   out to be unknown. Once it has spent that, the keys it sends that this instance has not seen valid are looked up
 *   together, in one command a second at most (`BATCH_INTERVAL_MS`). A valid key waits up to a second then, and is
 *   served; a flood of invalid keys costs the address at most 2 x `failuresPerMinute` + 61 commands a minute.
 * - A key this instance has seen valid is looked up as usual whatever its address does: every call still reads it,
 *   so a regenerated key is refused at once (§5.4).
 */
import type { KeyRefusal } from './refusals';

const WINDOW_MS = 60_000;
/** At most one batched lookup per address this often. */
export const BATCH_INTERVAL_MS = 1000;
/** Keys of one address waiting for its next batch; past it, refused (a flood, not clients behind a NAT). */
const MAX_BATCH = 1000;
/** Keys seen valid that are remembered, and for how long. */
const KNOWN_KEYS = 10_000;
const KNOWN_FOR_MS = 10 * 60_000;

/** What became of a key's lookup, told by the authentication. */
export interface KeyLookup {
	/** The key belongs to a user (whatever its state: blocked, off Pro). */
	found(): void;
	/** The key matched no user. */
	refused(): void;
}

export type KeyAdmission = { ok: true; lookup: KeyLookup } | KeyRefusal;

export interface ApiKeyThrottle {
	/**
	 * Before a key is looked up: refused (`auth_throttled`) when this client has failed with it too often; while its
	 * address is over its lookups, waits for the address's batch, and refused (`unauthorized`) when that found no such key.
	 */
	admit(address: string, keyHash: string): Promise<KeyAdmission>;
}

export interface ApiKeyThrottleOptions {
	failuresPerMinute: number;
	/** Which of these key hashes belong to a user: one database command. */
	keysExist(keyHashes: string[]): Promise<Set<string>>;
}

/** Counts per key in fixed one-minute windows, each opened by its key's first count. */
class MinuteCounts {
	private readonly counts = new Map<string, { endsAt: number; count: number }>();
	private sweepAt = 1024;

	get(key: string, now: number): { endsAt: number; count: number } | undefined {
		const entry = this.counts.get(key);
		return entry && entry.endsAt > now ? entry : undefined;
	}

	add(key: string, now: number): void {
		const entry = this.get(key, now);
		if (entry) entry.count += 1;
		else this.counts.set(key, { endsAt: now + WINDOW_MS, count: 1 });
		if (this.counts.size >= this.sweepAt) this.sweep(now);
	}

	/** Takes back one count of the window still open; nothing once it has ended. */
	remove(key: string, now: number): void {
		const entry = this.get(key, now);
		if (entry) entry.count -= 1;
	}

	/** Forgets ended windows, so that a flood from many addresses leaves nothing behind. */
	private sweep(now: number): void {
		for (const [key, entry] of this.counts) if (entry.endsAt <= now) this.counts.delete(key);
		this.sweepAt = Math.max(1024, 2 * this.counts.size);
	}
}

interface Batch {
	waiting: Map<string, { resolve: (found: boolean) => void; reject: (error: unknown) => void }[]>;
}

const admitted = (lookup: KeyLookup): KeyAdmission => ({ ok: true, lookup });

export function createApiKeyThrottle({ failuresPerMinute, keysExist }: ApiKeyThrottleOptions): ApiKeyThrottle {
	const failures = new MinuteCounts();
	const lookups = new MinuteCounts();
	const known = new Map<string, number>();
	const batches = new Map<string, Batch>();

	const isKnown = (keyHash: string, now: number) => (known.get(keyHash) ?? 0) > now;
	const remember = (keyHash: string) => {
		known.delete(keyHash);
		known.set(keyHash, Date.now() + KNOWN_FOR_MS);
		// Oldest first: a Map keeps the order of insertion.
		if (known.size > KNOWN_KEYS) known.delete(known.keys().next().value as string);
	};

	const send = async (address: string, batch: Batch) => {
		const waiting = batch.waiting;
		if (waiting.size === 0) {
			batches.delete(address);
			return;
		}
		batch.waiting = new Map();
		// The next batch of this address no sooner than an interval from now.
		setTimeout(() => void send(address, batch), BATCH_INTERVAL_MS).unref();
		try {
			const found = await keysExist([...waiting.keys()]);
			for (const [keyHash, waiters] of waiting) for (const { resolve } of waiters) resolve(found.has(keyHash));
		} catch (error) {
			for (const waiters of waiting.values()) for (const { reject } of waiters) reject(error);
		}
	};

	/** Whether the key belongs to a user; undefined when the address's batch is full. */
	const lookUpInBatch = (address: string, keyHash: string): Promise<boolean> | undefined => {
		let batch = batches.get(address);
		if (!batch) {
			batch = { waiting: new Map() };
			batches.set(address, batch);
			const first = batch;
			// Not at once: the keys arriving in the same turn go with it.
			setTimeout(() => void send(address, first), 0).unref();
		}
		let waiters = batch.waiting.get(keyHash);
		if (!waiters) {
			if (batch.waiting.size >= MAX_BATCH) return undefined;
			waiters = [];
			batch.waiting.set(keyHash, waiters);
		}
		const list = waiters;
		return new Promise((resolve, reject) => list.push({ resolve, reject }));
	};

	return {
		async admit(address, keyHash) {
			const now = Date.now();
			const own = failures.get(`${address} ${keyHash}`, now);
			if (own && own.count >= failuresPerMinute) {
				return { ok: false, reason: 'auth_throttled', retryAfterSeconds: Math.max(1, Math.ceil((own.endsAt - now) / 1000)) };
			}
			const found = () => remember(keyHash);
			const refused = () => failures.add(`${address} ${keyHash}`, Date.now());
			if (isKnown(keyHash, now)) {
				return admitted({
					found,
					refused() {
						// Regenerated since: from now on it costs the address as any unknown key does.
						known.delete(keyHash);
						refused();
						lookups.add(address, Date.now());
					},
				});
			}
			// Taken before the lookup, so that concurrent calls cannot all find budget left; given back if the key is found.
			if ((lookups.get(address, now)?.count ?? 0) < failuresPerMinute) {
				lookups.add(address, now);
				let givenBack = false;
				return admitted({
					found() {
						found();
						// Once, though a call that reads the key twice (a window to open) says so twice.
						if (!givenBack) lookups.remove(address, Date.now());
						givenBack = true;
					},
					refused,
				});
			}
			const batched = lookUpInBatch(address, keyHash);
			if (!batched) return { ok: false, reason: 'auth_throttled', retryAfterSeconds: 1 };
			if (!(await batched)) {
				refused();
				return { ok: false, reason: 'unauthorized' };
			}
			found();
			// The lookup that follows counts the call, and may still find the key gone meanwhile.
			return admitted({ found, refused });
		},
	};
}
