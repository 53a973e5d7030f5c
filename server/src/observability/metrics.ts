/**
 * Prometheus metrics (prom-client), one registry per running server so that several servers in one process
 * (tests) never share counters. Names and labels are listed in the server README ("Metrics").
 */
import type { RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { apiMethodOf, type Handler } from './request-labels';
import { TrafficHistory } from './traffic';

export interface Metrics {
	readonly registry: Registry;
	readonly requests: Counter<'handler' | 'api_method' | 'status'>;
	readonly duration: Histogram<'handler' | 'api_method'>;
	/** Requests refused by the per-account rate limit (§8). */
	readonly rateLimitRejections: Counter;
	/** Faults that acted on API calls (test double), by API method and kind. */
	readonly injectedFaults: Counter<'api_method' | 'kind'>;
	/** Requests per minute by status class over the last hour (the console's overview). */
	readonly traffic: TrafficHistory;
}

export interface MetricsSources {
	/** Whether the database takes requests now. */
	databaseUp(): boolean;
}

/** Seconds: from a cached 1 ms answer to the 2 s an unreachable database may hold a request, and beyond. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(sources: MetricsSources): Metrics {
	const registry = new Registry();
	collectDefaultMetrics({ register: registry });
	const requests = new Counter({
		name: 'bot_platform_http_requests_total',
		help: 'HTTP requests answered, by handler (api, admin, console, healthz, metrics, openapi, docs, other), API method and status.',
		labelNames: ['handler', 'api_method', 'status'] as const,
		registers: [registry],
	});
	const duration = new Histogram({
		name: 'bot_platform_http_request_duration_seconds',
		help: 'Time from receiving a request to finishing its answer, by handler and API method.',
		labelNames: ['handler', 'api_method'] as const,
		buckets: LATENCY_BUCKETS,
		registers: [registry],
	});
	const rateLimitRejections = new Counter({
		name: 'bot_platform_rate_limit_rejections_total',
		help: 'API requests refused with 429 because the account used up its requests per minute.',
		registers: [registry],
	});
	const injectedFaults = new Counter({
		name: 'bot_platform_injected_faults_total',
		help: 'API calls a fault acted on (test double), by API method and kind (answer, delay, drop).',
		labelNames: ['api_method', 'kind'] as const,
		registers: [registry],
	});
	new Gauge({
		name: 'bot_platform_database_up',
		help: '1 when the database takes requests, 0 while it is unreachable or being restored.',
		registers: [registry],
		collect() {
			this.set(sources.databaseUp() ? 1 : 0);
		},
	});
	return { registry, requests, duration, rateLimitRejections, injectedFaults, traffic: new TrafficHistory() };
}

/**
 * Counts and times a request once its answer is finished (or its client has gone). API requests are labelled by
 * method ("unknown" for a name that is none); other requests have no API method.
 */
export function countRequest({ requests, duration, traffic }: Metrics, handler: Handler, res: Response, seconds: number): void {
	const labels = handler === 'api' ? { handler, api_method: apiMethodOf(res) ?? 'unknown' } : { handler };
	requests.inc({ ...labels, status: String(res.statusCode) });
	duration.observe(labels, seconds);
	traffic.record(res.statusCode);
}

/** `GET /metrics` in Prometheus's text format. */
export function metricsEndpoint(metrics: Metrics): RequestHandler {
	return async (_req, res) => {
		res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
	};
}
