/**
 * The real rate limiter of the server (`rateLimitPerMinute: 3`, spec §8) against the node: over the limit it
 * answers 429 with Retry-After; the node waits that long and retries, within its wait budget, or reports the
 * limit. One test waits for a real limiter window (up to a minute).
 */
import { createUser } from '../../server/test/support/factories';
import { runNode } from './support/n8n-harness';
import { useNodeTestEnv } from './support/setup';

const env = useNodeTestEnv({ rateLimitPerMinute: 3 });

const getMe = { resource: 'account', operation: 'getCurrent' };

test('with no wait allowed, the 4th call of a minute is a 429 error item naming the limit and the wait', async () => {
	const user = await createUser(env.t);
	const result = await runNode({
		credentials: env.credentials(user),
		continueOnFail: true,
		items: [{}, {}, {}, {}, {}],
		parameters: { ...getMe, options: { maxWaitSeconds: 0 } },
	});
	expect(result.json.slice(0, 3).map((item) => item.id)).toEqual([user.id, user.id, user.id]);
	for (const [index, item] of result.items.slice(3).entries()) {
		expect(item.pairedItem).toEqual({ item: 3 + index });
		expect(item.json).toEqual({
			error: 'Rate limit reached: too many requests to the Bot Platform',
			description: expect.stringMatching(
				/120 requests per minute per user.*Waited 0 s in total; the server asks to wait \d+ s more\./s,
			),
			status: 429,
		});
	}
	const statuses = env.proxy.calls('getMe').map((call) => call.response?.status);
	expect(statuses).toEqual([200, 200, 200, 429, 429]);
});

test('within the wait budget the node waits for the real Retry-After and then succeeds', async () => {
	const user = await createUser(env.t);
	const started = Date.now();
	const result = await runNode({ credentials: env.credentials(user), items: [{}, {}, {}, {}], parameters: getMe });
	const elapsed = Date.now() - started;
	expect(result.error).toBeUndefined();
	expect(result.json).toHaveLength(4);
	// The 4th call was refused once with a Retry-After, waited that long, and went through in the next window.
	const calls = env.proxy.calls('getMe');
	expect(calls.map((call) => call.response?.status)).toEqual([200, 200, 200, 429, 200]);
	const retryAfter = Number(calls[3].response?.headers['retry-after']);
	expect(retryAfter).toBeGreaterThanOrEqual(1);
	expect(elapsed).toBeGreaterThanOrEqual((retryAfter - 1) * 1000);
	expect(elapsed).toBeLessThan(65_000);
}, 90_000);
