/** The credential: its getMe test with n8n's RoutingNode and rules, its base URL forms, its bearer header. */
import { createAccount, createAccountWithBot } from '../support/factories';
import { runNode, testCredential } from './support/n8n-harness';
import { useNodeTestEnv } from './support/setup';

const env = useNodeTestEnv();

describe('credential test (getMe)', () => {
	test('a valid key on Pro passes, whatever shape the Base URL is pasted in', async () => {
		const account = await createAccount(env.t);
		for (const suffix of ['', '/', '/api/v1', '/api/v1/', '/api']) {
			const result = await testCredential({ apiKey: account.apiKey, baseUrl: `  ${env.proxy.url}${suffix} ` });
			expect({ suffix, result }).toEqual({ suffix, result: { status: 'OK', message: 'Connection successful!' } });
		}
		expect(env.proxy.calls('getMe').map((r) => r.path)).toEqual(Array(5).fill('/api/v1/getMe'));
		expect(env.proxy.calls('getMe')[0].headers).toMatchObject({
			authorization: `Bearer ${account.apiKey}`,
			accept: 'application/json',
		});
	});

	test('a wrong key is "invalid API key"', async () => {
		const result = await testCredential({ apiKey: 'not-a-key', baseUrl: env.proxy.url });
		expect(result).toEqual({ status: 'Error', message: expect.stringMatching(/^Invalid API key/) });
	});

	test('a regenerated key is "invalid API key"', async () => {
		const account = await createAccount(env.t);
		await env.t.admin.expect(200, 'POST', `/users/${account.id}/api-key`);
		expect(await testCredential({ apiKey: account.apiKey, baseUrl: env.proxy.url })).toMatchObject({
			message: /^Invalid API key/,
		});
	});

	test('an account without Pro is told it needs the Pro plan', async () => {
		const account = await createAccount(env.t, { plan: 'free' });
		const result = await testCredential({ apiKey: account.apiKey, baseUrl: env.proxy.url });
		expect(result).toEqual({ status: 'Error', message: 'The account needs the Pro plan to use the API' });
	});

	test('a blocked account is told so', async () => {
		const account = await createAccount(env.t);
		await env.t.admin.expect(200, 'PATCH', `/users/${account.id}`, { blocked: true });
		expect(await testCredential({ apiKey: account.apiKey, baseUrl: env.proxy.url })).toEqual({
			status: 'Error',
			message: 'The account of this API key is blocked',
		});
	});

	test('a Base URL with no Bot Platform behind it is named as such', async () => {
		const account = await createAccount(env.t);
		const result = await testCredential({ apiKey: account.apiKey, baseUrl: `${env.proxy.url}/elsewhere` });
		expect(result).toEqual({ status: 'Error', message: 'No Bot Platform API at this address: check the Base URL' });
	});

	test('an unreachable server reports the connection error', async () => {
		const result = await testCredential({ apiKey: 'x', baseUrl: 'http://127.0.0.1:1' });
		expect(result).toEqual({ status: 'Error', message: 'ECONNREFUSED' });
	});
});

describe('the node authenticates through the credential', () => {
	test('Authorization: Bearer and Accept: application/json on every call, at the normalized URL', async () => {
		const { account } = await createAccountWithBot(env.t);
		const result = await runNode({
			credentials: { apiKey: account.apiKey, baseUrl: `${env.proxy.url}/api/v1/` },
			parameters: { resource: 'account', operation: 'getCurrent' },
		});
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ id: account.id, name: expect.any(String), email: account.email, plan: 'pro' }]);
		const [call] = env.proxy.calls('getMe');
		expect(call.path).toBe('/api/v1/getMe');
		expect(call.verb).toBe('POST');
		expect(call.headers).toMatchObject({ authorization: `Bearer ${account.apiKey}`, accept: 'application/json' });
	});
});
