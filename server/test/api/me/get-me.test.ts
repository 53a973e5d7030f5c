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

documentsSpecParameters('getMe', () => t, []);

countsCommands('getMe', async (server) => {
	const { user } = await createUserWithBot(server);
	return { user, status: 200, call: () => user.api.call('getMe') };
});
