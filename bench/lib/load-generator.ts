/**
 * The load generator, in a process of its own: autocannon keeps `connections` requests in flight for `seconds`
 * and prints one JSON line with the throughput and latency percentiles.
 *
 *   node -r ts-node/register bench/lib/load-generator.ts '<LoadSpec as JSON>'
 *
 * `body` is sent as is; `telegramIds` makes each request a createOrUpdateContact with its own messenger ID:
 * `fresh` ones (new contacts) or ones picked at random below `existingBelow` (updates of seeded contacts).
 */
// autocannon ships no types; the little used here is declared below.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: object) => Promise<AutocannonResult>;

interface AutocannonResult {
	requests: { total: number; average: number };
	latency: { p50: number; p99: number };
	duration: number;
	non2xx: number;
	errors: number;
	timeouts: number;
}

export interface LoadSpec {
	url: string;
	method: 'GET' | 'POST';
	headers: Record<string, string>;
	connections: number;
	seconds: number;
	body?: string;
	telegramIds?: { botId: number; fresh: number } | { botId: number; existingBelow: number; existingFrom: number };
}

export interface LoadResult {
	requestsPerSecond: number;
	p50Ms: number;
	p99Ms: number;
	failed: number;
}

async function main(): Promise<void> {
	const spec = JSON.parse(process.argv[2]) as LoadSpec;
	const ids = spec.telegramIds;
	let next = ids && 'fresh' in ids ? ids.fresh : 0;
	const telegramId = () => {
		if (!ids) return 0;
		if ('fresh' in ids) return next++;
		return ids.existingFrom + Math.floor(Math.random() * (ids.existingBelow - ids.existingFrom));
	};
	const result = await autocannon({
		url: spec.url,
		connections: spec.connections,
		duration: spec.seconds,
		requests: [
			{
				method: spec.method,
				headers: spec.headers,
				...(spec.body !== undefined && { body: spec.body }),
				...(ids && {
					setupRequest: (request: Record<string, unknown>) => ({
						...request,
						body: JSON.stringify({ bot_id: ids.botId, messenger: 'telegram', name: 'Load', telegram_id: telegramId() }),
					}),
				}),
			},
		],
	});
	const out: LoadResult = {
		requestsPerSecond: result.requests.total / result.duration,
		p50Ms: result.latency.p50,
		p99Ms: result.latency.p99,
		failed: result.non2xx + result.errors + result.timeouts,
	};
	console.log(JSON.stringify(out));
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
