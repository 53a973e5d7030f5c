/** The credential: its getMe test with n8n's RoutingNode and rules, its base URL forms, its bearer header. */
import { createUser, createUserWithBot } from '../../server/test/support/factories';
import { runNode, testCredential } from './support/n8n-harness';
import { useNodeTestEnv } from './support/setup';

const env = useNodeTestEnv();

describe('credential test (getMe)', () => {
	test('a valid key on Pro passes, whatever shape the Base URL is pasted in', async () => {
		const user = await createUser(env.t);
		for (const suffix of ['', '/', '/api/v1', '/api/v1/', '/api']) {
			const result = await testCredential({ apiKey: user.apiKey, baseUrl: `  ${env.proxy.url}${suffix} ` });
			expect({ suffix, result }).toEqual({ suffix, result: { status: 'OK', message: 'Connection successful!' } });
		}
		expect(env.proxy.calls('getMe').map((r) => r.path)).toEqual(Array(5).fill('/api/v1/getMe'));
		expect(env.proxy.calls('getMe')[0].headers).toMatchObject({
			authorization: `Bearer ${user.apiKey}`,
			accept: 'application/json',
		});
	});

	test('a wrong key is "invalid API key"', async () => {
		const result = await testCredential({ apiKey: 'not-a-key', baseUrl: env.proxy.url });
		expect(result).toEqual({ status: 'Error', message: expect.stringMatching(/^Invalid API key/) });
	});

	test('a regenerated key is "invalid API key"', async () => {
		const user = await createUser(env.t);
		await env.t.admin.expect(200, 'POST', `/users/${user.id}/api-key`);
		expect(await testCredential({ apiKey: user.apiKey, baseUrl: env.proxy.url })).toMatchObject({
			message: /^Invalid API key/,
		});
	});

	test('a user without Pro is told it needs the Pro plan', async () => {
		const user = await createUser(env.t, { plan: 'free' });
		const result = await testCredential({ apiKey: user.apiKey, baseUrl: env.proxy.url });
		expect(result).toEqual({ status: 'Error', message: 'The user of this API key needs the Pro plan to use the API' });
	});

	test('a blocked user is told so', async () => {
		const user = await createUser(env.t);
		await env.t.admin.expect(200, 'PATCH', `/users/${user.id}`, { blocked: true });
		expect(await testCredential({ apiKey: user.apiKey, baseUrl: env.proxy.url })).toEqual({
			status: 'Error',
			message: 'The user of this API key is blocked',
		});
	});

	test('a Base URL with no Bot Platform behind it is named as such', async () => {
		const user = await createUser(env.t);
		const result = await testCredential({ apiKey: user.apiKey, baseUrl: `${env.proxy.url}/elsewhere` });
		expect(result).toEqual({ status: 'Error', message: 'No Bot Platform API at this address: check the Base URL' });
	});

	test('an unreachable server reports the connection error', async () => {
		const result = await testCredential({ apiKey: 'x', baseUrl: 'http://127.0.0.1:1' });
		expect(result).toEqual({ status: 'Error', message: 'ECONNREFUSED' });
	});
});

describe('the node authenticates through the credential', () => {
	test('Authorization: Bearer and Accept: application/json on every call, at the normalized URL', async () => {
		const { user } = await createUserWithBot(env.t);
		const result = await runNode({
			credentials: { apiKey: user.apiKey, baseUrl: `${env.proxy.url}/api/v1/` },
			parameters: { resource: 'account', operation: 'getCurrent' },
		});
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ id: user.id, name: expect.any(String), email: user.email, plan: 'pro' }]);
		const [call] = env.proxy.calls('getMe');
		expect(call.path).toBe('/api/v1/getMe');
		expect(call.verb).toBe('POST');
		expect(call.headers).toMatchObject({ authorization: `Bearer ${user.apiKey}`, accept: 'application/json' });
	});
});

describe('User → Get Current', () => {
	test('version 3.1 calls the resource `user`; a workflow saved with version 3 keeps `account` and answers the same', async () => {
		const user = await createUser(env.t);
		const credentials = env.credentials(user);
		const current = await runNode({ credentials, typeVersion: 3.1, parameters: { resource: 'user', operation: 'getCurrent' } });
		const saved = await runNode({ credentials, typeVersion: 3, parameters: { resource: 'account', operation: 'getCurrent' } });
		expect(current.error).toBeUndefined();
		expect(current.json).toEqual([{ id: user.id, name: expect.any(String), email: user.email, plan: 'pro' }]);
		expect({ json: saved.json, error: saved.error }).toEqual({ json: current.json, error: undefined });
		expect(env.proxy.calls('getMe')).toHaveLength(2);
	});
});
