/**
 * getMe (§5): its parameters and its database commands. What it answers for each key is tested with the key rules
 * (`server/test/http/auth.test.ts`).
 */
import { countsCommands } from '../../support/commands-per-call';
import { createUserWithBot } from '../../support/factories';
import { documentsSpecParameters } from '../../support/spec-parameters';
import { startTestServer, type TestServer } from '../../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

test('§4.1 §5 getMe answers the same by GET with a query string and by form POST', async () => {
	const { user } = await createUserWithBot(t);
	const byQuery = await user.api.call('getMe', {}, { verb: 'GET' });
	const byForm = await user.api.call('getMe', {}, { as: 'form' });
	expect(byQuery.status).toBe(200);
	expect(byForm).toMatchObject({ status: 200, data: byQuery.data });
});

documentsSpecParameters('getMe', () => t, []);

countsCommands('getMe', async (server) => {
	const { user } = await createUserWithBot(server);
	return { user, status: 200, call: () => user.api.call('getMe') };
});
