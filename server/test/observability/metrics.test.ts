/**
 * GET /metrics, read as Prometheus reads it (a text-format parser): requests by handler, API method and
 * status, a latency histogram, rate-limit rejections, database up, and Node's process metrics.
 */
import parsePrometheusTextFormat, { type PrometheusFamily, type PrometheusSample } from 'parse-prometheus-text-format';
import { startMongoEmulator } from 'bot-platform-mongo-emulator';
import { createUser } from '../support/factories';
import { http } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';
import { until } from '../support/wait';

async function scrapeText(url: string, token?: string): Promise<string> {
	const res = await http.get(`${url}/metrics`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
	expect(res.status).toBe(200);
	expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
	return res.data;
}

/** The parser throws on any line that is not valid text format, so every scrape also checks the format. */
const scrape = async (url: string, token?: string): Promise<PrometheusFamily[]> =>
	parsePrometheusTextFormat(await scrapeText(url, token));

/**
 * One sample line's value, read from the text: the parser folds all label sets of a histogram into one, so
 * per-method histogram series are read here.
 */
function sampleLine(text: string, series: string): number | undefined {
	const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
	return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

function family(families: PrometheusFamily[], name: string): PrometheusFamily {
	const found = families.find((candidate) => candidate.name === name);
	if (!found) throw new Error(`no metric ${name}; there are ${families.map((f) => f.name).join(', ')}`);
	return found;
}

/** The one sample whose labels are exactly `labels`. */
function sample(metric: PrometheusFamily, labels: Record<string, string>): PrometheusSample | undefined {
	return metric.metrics.find((candidate) => JSON.stringify(candidate.labels ?? {}) === JSON.stringify(labels));
}

describe('GET /metrics', () => {
	let t: TestServer;
	beforeAll(async () => {
		t = await startTestServer({ rateLimitPerMinute: 2 });
	});
	afterAll(() => t.close());

	test('counts requests by handler, API method and status; times them; counts rate-limit rejections', async () => {
		const user = await createUser(t);
		const statuses = [];
		for (let call = 0; call < 3; call++) statuses.push((await user.api.call('getMe')).status);
		expect(statuses).toEqual([200, 200, 429]);
		expect((await user.api.call('noSuchMethod')).status).toBe(404);
		expect((await http.get(`${t.url}/healthz`)).status).toBe(200);
		expect((await http.get(`${t.url}/nowhere`)).status).toBe(404);
		expect((await http.get(`${t.url}/openapi.json`)).status).toBe(200);
		expect((await http.get(`${t.url}/docs`)).status).toBe(200);
		// Refused by Node's HTTP parser before routing: no handler is known.
		expect((await http.get(`${t.url}/api/v1/getMe?pad=${'x'.repeat(20_000)}`)).status).toBe(431);

		const text = await scrapeText(t.url);
		const families = parsePrometheusTextFormat(text);
		const requests = family(families, 'bot_platform_http_requests_total');
		expect(requests.type).toBe('COUNTER');
		expect(sample(requests, { handler: 'api', api_method: 'getMe', status: '200' })?.value).toBe('2');
		expect(sample(requests, { handler: 'api', api_method: 'getMe', status: '429' })?.value).toBe('1');
		// An unknown method name is not a label value: clients cannot grow the metrics.
		expect(sample(requests, { handler: 'api', api_method: 'unknown', status: '404' })?.value).toBe('1');
		expect(sample(requests, { handler: 'admin', status: '201' })?.value).toBe('1');
		expect(sample(requests, { handler: 'healthz', status: '200' })?.value).toBe('1');
		expect(sample(requests, { handler: 'other', status: '404' })?.value).toBe('1');
		expect(sample(requests, { handler: 'other', status: '431' })?.value).toBe('1');
		// The reference is the service's own endpoint, not an API method.
		expect(sample(requests, { handler: 'openapi', status: '200' })?.value).toBe('1');
		expect(sample(requests, { handler: 'docs', status: '200' })?.value).toBe('1');

		expect(family(families, 'bot_platform_http_request_duration_seconds').type).toBe('HISTOGRAM');
		const getMe = '{handler="api",api_method="getMe"}';
		expect(sampleLine(text, `bot_platform_http_request_duration_seconds_count${getMe}`)).toBe(3);
		expect(sampleLine(text, `bot_platform_http_request_duration_seconds_sum${getMe}`)).toBeGreaterThan(0);
		expect(
			sampleLine(text, `bot_platform_http_request_duration_seconds_bucket{le="+Inf",handler="api",api_method="getMe"}`),
		).toBe(3);

		expect(family(families, 'bot_platform_rate_limit_rejections_total').metrics[0].value).toBe('1');
		expect(family(families, 'bot_platform_database_up').metrics[0].value).toBe('1');
		for (const processMetric of [
			'process_cpu_user_seconds_total',
			'process_resident_memory_bytes',
			'nodejs_eventloop_lag_seconds',
		]) {
			expect(family(families, processMetric).metrics.length).toBeGreaterThan(0);
		}
	});

	test('a scrape counts as handler "metrics", never as an API method', async () => {
		await scrape(t.url);
		const requests = family(await scrape(t.url), 'bot_platform_http_requests_total');
		const scrapes = requests.metrics.filter((candidate) => candidate.labels?.handler === 'metrics');
		expect(scrapes).toHaveLength(1);
		expect(scrapes[0].labels).toEqual({ handler: 'metrics', status: '200' });
		expect(Number(scrapes[0].value)).toBeGreaterThanOrEqual(2);
	});
});

test('with METRICS_TOKEN, /metrics wants that bearer token', async () => {
	const t = await startTestServer({ metricsToken: 'metrics-token-0123456789' });
	try {
		expect((await http.get(`${t.url}/metrics`)).status).toBe(401);
		expect((await http.get(`${t.url}/metrics`, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
		await scrape(t.url, 'metrics-token-0123456789');
	} finally {
		await t.close();
	}
});

test('bot_platform_database_up is 0 while the database is down', async () => {
	const emulator = await startMongoEmulator({ port: 0, logger: { warn: () => {} } });
	const t = await startTestServer({ mongodbUri: `${emulator.uri}/metrics-outage` });
	try {
		expect(family(await scrape(t.url), 'bot_platform_database_up').metrics[0].value).toBe('1');
		await emulator.close();
		await until(async () => family(await scrape(t.url), 'bot_platform_database_up').metrics[0].value === '0', 'database_up 0');
	} finally {
		await t.server.close();
	}
});
