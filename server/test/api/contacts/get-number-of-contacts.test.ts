/** getNumberOfContacts (§4.15). */
import { createUser, createUserWithBot, createContact, createProject, type TestUser } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';
import { documentsSpecParameters } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;

beforeAll(async () => {
	t = await startTestServer();
});

afterAll(async () => {
	await t.close();
});

describe('filters (§4.14, §4.15)', () => {
	test('getNumberOfContacts answers {count} at the top level (§4.15)', async () => {
		const { user, bot } = await createUserWithBot(t);
		await createContact(t, bot);
		const res = await user.api.call('getNumberOfContacts', {}, { verb: 'GET' });
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ count: 1 });
	});
});

describe('parameter bounds and inputs (§4.14, §8, §7.1)', () => {
	let user: TestUser;

	beforeAll(async () => {
		user = await createUser(t);
		await createProject(t, user);
	});

	test('getNumberOfContacts validates its filters the same way', async () => {
		const res = await user.api.call('getNumberOfContacts', { bot_id: 'x', date_from: 'y', date_to: 1 });
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors).sort()).toEqual(['bot_id', 'date_from']);
	});
});

documentsSpecParameters('getNumberOfContacts', () => t, [
	['bot_id', false, 'integer'],
	['date_from', false, 'integer'],
	['date_to', false, 'integer'],
]);

countsCommands('getNumberOfContacts', {
	'all bots': async (server) => {
		const { user, bot } = await createUserWithBot(server);
		await createContact(server, bot);
		return { user, status: 200, call: () => user.api.call('getNumberOfContacts') };
	},
	'one bot': async (server) => {
		const { user, bot } = await createUserWithBot(server);
		await createContact(server, bot);
		return { user, status: 200, call: () => user.api.call('getNumberOfContacts', { bot_id: bot.id }) };
	},
});
