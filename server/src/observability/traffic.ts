/**
 * Requests per minute by status class over the last hour, for the console's overview: a ring of 60 per-minute
 * slots in memory, fed with every request the metrics count. Per instance, like the metrics themselves.
 */
export const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export interface TrafficMinute {
	/** The minute's start, ISO 8601 UTC. */
	minute: string;
	counts: Record<StatusClass, number>;
}

const MINUTES = 60;
const MINUTE_MS = 60_000;

export class TrafficHistory {
	/** Slot `m % 60` holds minute `m` (minutes since the epoch), when `minutes[slot] === m`. */
	private readonly minutes = new Array<number>(MINUTES).fill(-1);
	private readonly counts = Array.from({ length: MINUTES }, () => [0, 0, 0, 0, 0]);

	constructor(private readonly now: () => number = Date.now) {}

	record(status: number): void {
		const minute = Math.floor(this.now() / MINUTE_MS);
		const slot = minute % MINUTES;
		if (this.minutes[slot] !== minute) {
			this.minutes[slot] = minute;
			this.counts[slot].fill(0);
		}
		const statusClass = Math.min(4, Math.max(0, Math.floor(status / 100) - 1));
		this.counts[slot][statusClass]++;
	}

	/** The last 60 minutes, oldest first, the current one last; minutes without requests count 0. */
	lastHour(): TrafficMinute[] {
		const current = Math.floor(this.now() / MINUTE_MS);
		const hour: TrafficMinute[] = [];
		for (let minute = current - MINUTES + 1; minute <= current; minute++) {
			const slot = minute % MINUTES;
			const counts = this.minutes[slot] === minute ? this.counts[slot] : [0, 0, 0, 0, 0];
			hour.push({
				minute: new Date(minute * MINUTE_MS).toISOString(),
				counts: Object.fromEntries(STATUS_CLASSES.map((name, i) => [name, counts[i]])) as Record<StatusClass, number>,
			});
		}
		return hour;
	}
}
