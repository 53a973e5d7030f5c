/**
 * Database commands per successful API call, counted with the driver's command monitoring. The counts are
 * deterministic; each is held here exactly, so a change that adds a command shows up, and each stays within the
 * budget of the performance issue. (Timings are the benchmark's business, never a test's.)
 */
import { commandsPerCall, type MethodCommands } from '../support/commands-per-call';
import { silentLogger } from '../../server/src/logger';
import { startTestServer, type TestServer } from '../support/test-server';

/** `method` or `method (case)` → [commands now, the most allowed]. */
const EXPECTED: Record<string, [number, number]> = {
	getMe: [3, 2],
	'getNumberOfContacts (all bots)': [3, 3],
	'getNumberOfContacts (one bot)': [3, 3],
	'getContacts (page mode)': [4, 4],
	'getContacts (offset mode, one bot)': [4, 4],
	'createOrUpdateContact (update)': [3, 4],
	'createOrUpdateContact (create)': [6, 6],
	getListSchemas: [4, 4],
	getListSchema: [3, 3],
	'createListSchema (by project)': [5, 5],
	'createListSchema (by bot)': [5, 5],
	addListSchemaField: [4, 4],
	deleteListSchemaField: [5, 5],
	deleteListSchema: [5, 5],
	getContactAccounts: [4, 4],
	addContactAccount: [5, 5],
	addFundsToContactAccount: [5, 5],
	withdrawFundsFromContactAccount: [5, 5],
	deleteContactAccount: [5, 5],
};

const label = (row: MethodCommands) => (row.case ? `${row.method} (${row.case})` : row.method);

let t: TestServer;
let rows: MethodCommands[];

beforeAll(async () => {
	t = await startTestServer({}, silentLogger, { monitorCommands: true });
	rows = await commandsPerCall(t);
});
afterAll(async () => {
	await t.close();
});

test('every counted call is in the table and nothing else', () => {
	expect(rows.map(label).sort()).toEqual(Object.keys(EXPECTED).sort());
});

test.each(Object.entries(EXPECTED))('%s sends %j commands (count, budget)', (name, [count, budget]) => {
	const row = rows.find((candidate) => label(candidate) === name) as MethodCommands;
	expect({ name, commands: row.commands, count: row.commands.length }).toEqual({ name, commands: row.commands, count });
	expect(count).toBeLessThanOrEqual(budget);
});
