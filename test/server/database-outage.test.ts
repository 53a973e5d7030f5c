/** When the database goes away, the API says so with a 503 (never a 500), and /healthz reports it. */
import { startMongoEmulator } from 'bot-platform-mongo-emulator';
import { createAccount } from '../support/factories';
import { http } from '../support/http';
import { startTestServer } from '../support/test-server';

test('an unreachable database is a JSON 503 with Retry-After, and /healthz is 503', async () => {
	const emulator = await startMongoEmulator({ port: 0 });
	const t = await startTestServer({ mongodbUri: `${emulator.uri}/outage` });
	try {
		const account = await createAccount(t);
		expect((await account.api.call('getMe')).status).toBe(200);

		await emulator.close();
		const res = await account.api.call('getMe');
		expect(res.status).toBe(503);
		expect(res.data).toEqual({ message: expect.any(String) });
		expect(res.headers['retry-after']).toBe('5');
		const health = await http.get(`${t.url}/healthz`);
		expect(health.status).toBe(503);
		expect(health.data).toEqual({ status: 'unavailable' });
	} finally {
		await t.server.close();
	}
}, 60_000);
