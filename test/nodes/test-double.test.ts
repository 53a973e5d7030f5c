/**
 * The server's testing entry, imported by its package name as an integration's test suite would
 * (`bot-platform-server/testing`): a seeded server, the node run against a seeded key, an injected 503 the
 * node retries through, and the request log showing what the node sent (server README, "Testing your
 * integration against it").
 */
import path from 'node:path';
import { startBotPlatformServer, type StartedBotPlatformServer } from 'bot-platform-server/testing';
import { runNode } from './support/n8n-harness';

const SEED = path.resolve(__dirname, '../../server/examples/seed.json');
const ALICE_KEY = 'bp_seed_alice_0123456789abcdef';

let server: StartedBotPlatformServer;
beforeAll(async () => {
	server = await startBotPlatformServer({ seed: SEED });
});
afterAll(() => server?.stop());

test('the node reads seeded data with a seeded key, retries an injected 503, and the log shows what it sent', async () => {
	await server.admin.faults.create({ method: 'getNumberOfContacts', status: 503, headers: { 'Retry-After': '0' }, times: 1 });
	const run = await runNode({
		credentials: { apiKey: ALICE_KEY, baseUrl: server.url },
		parameters: { resource: 'contact', operation: 'count', filters: { botId: 1 } },
	});
	expect(run.error).toBeUndefined();
	// The seed's bot has three subscribed contacts and one preview, which counts never include (§4.15).
	expect(run.json).toEqual([{ count: 3 }]);
	expect((await server.admin.faults.list())[0].fired).toBe(1);
	const sent = await server.admin.requests.list({ method: 'getNumberOfContacts' });
	expect(sent.map((entry) => [entry.status, entry.injected])).toEqual([
		[200, false],
		[503, true],
	]);
	expect(sent[0].params).toMatchObject({ bot_id: 1 });
	expect(JSON.stringify(sent)).not.toContain(ALICE_KEY);
});
