/** Per-file setup of the node tests: the real server, a counting proxy in front of it, and credentials. */
import type { Config } from '../../../server/src/config';
import type { TestUser } from '../../../server/test/support/factories';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { startCountingProxy, type CountingProxy } from './counting-proxy';
import type { CredentialData } from './n8n-harness';

export interface NodeTestEnv {
	t: TestServer;
	proxy: CountingProxy;
	/** Credential data for `user`, pointing at the proxy. */
	credentials(user: TestUser): CredentialData;
}

/** Starts the server and the proxy before the file's tests and stops them after; clears the proxy log per test. */
export function useNodeTestEnv(overrides: Partial<Config> = {}): NodeTestEnv {
	const env = {} as NodeTestEnv;
	beforeAll(async () => {
		env.t = await startTestServer(overrides);
		env.proxy = await startCountingProxy(env.t.url);
		env.credentials = (user) => ({ apiKey: user.apiKey, baseUrl: env.proxy.url });
	});
	beforeEach(() => env.proxy?.clear());
	afterAll(async () => {
		await env.proxy?.close();
		await env.t?.close();
	});
	return env;
}
