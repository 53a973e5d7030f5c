/**
 * Database commands per successful API call, counted with the driver's command monitoring. The counts are
 * deterministic; each is held here exactly, so a change that adds a command shows up, and each stays within the
 * budget of the performance issue. (Timings are the benchmark's business, never a test's.)
 */
import { commandsPerCall, type MethodCommands } from '../support/commands-per-call';
import { apiMethods } from '../../server/src/api';
import { silentLogger } from '../../server/src/logger';
import { startTestServer, type TestServer } from '../support/test-server';

/** `method` or `method (case)` → [commands now, the most the performance issue allows]. */
const EXPECTED: Record<string, [number, number]> = {
	getMe: [1, 2],
	'getNumberOfContacts (all bots)': [2, 3],
	'getNumberOfContacts (one bot)': [2, 3],
	'getContacts (page mode)': [3, 4],
	'getContacts (offset mode, one bot)': [3, 4],
	'createOrUpdateContact (update)': [2, 4],
	'createOrUpdateContact (create)': [5, 6],
	getListSchemas: [3, 4],
	getListSchema: [2, 3],
	'createListSchema (by project)': [3, 5],
	'createListSchema (by bot)': [4, 5],
	addListSchemaField: [3, 4],
	deleteListSchemaField: [4, 5],
	deleteListSchema: [4, 5],
	'getListItems (last page)': [3, 3],
	'getListItems (full page)': [4, 3],
	addListItem: [3, 4],
	'addListItem (a contact value)': [4, 4],
	updateListItem: [4, 4],
	deleteListItem: [4, 4],
	getContactAccounts: [3, 4],
	addContactAccount: [5, 5],
	addFundsToContactAccount: [4, 5],
	withdrawFundsFromContactAccount: [4, 5],
	deleteContactAccount: [2, 5],
};

/**
 * Calls over their budget, and why. Each is a `test.failing`: it fails the run as soon as the call is within budget,
 * so that it moves to the ordinary tests. A call that must be over, for a reason worth its cost, is
 * named here with that reason.
 */
const OVER_BUDGET: Record<string, string> = {
	'getListItems (full page)':
		'the list is read for its owner and fields, then the page, then the count; a page that is not full tells the total by itself. Folding the count into the page needs $facet, which the embedded database does not run',
};

const label = (row: MethodCommands) => (row.case ? `${row.method} (${row.case})` : row.method);

let t: TestServer;
let rows: MethodCommands[];

beforeAll(async () => {
	t = await startTestServer({}, silentLogger, undefined, { monitorCommands: true });
	rows = await commandsPerCall(t);
});
afterAll(async () => {
	await t.close();
});

test('every counted call is in the table and nothing else', () => {
	expect(rows.map(label).sort()).toEqual(Object.keys(EXPECTED).sort());
});

test('every API method the server serves is counted (aliases by the method they alias)', () => {
	const served = apiMethods.filter((method) => method.aliasOf === undefined).map((method) => method.name);
	expect([...new Set(rows.map((row) => row.method))].sort()).toEqual(served.sort());
});

const rowOf = (name: string) => rows.find((candidate) => label(candidate) === name) as MethodCommands;

test.each(Object.entries(EXPECTED))('%s sends %j commands (count, budget)', (name, [count]) => {
	const { commands } = rowOf(name);
	expect({ name, commands, count: commands.length }).toEqual({ name, commands, count });
});

const budgets = Object.entries(EXPECTED).map(([name, [, budget]]) => [name, budget] as const);

test.each(budgets.filter(([name]) => !(name in OVER_BUDGET)))('%s stays within its budget of %d', (name, budget) => {
	expect(rowOf(name).commands.length).toBeLessThanOrEqual(budget);
});

const overBudget = budgets.filter(([name]) => name in OVER_BUDGET).map(([name, budget]) => [name, budget, OVER_BUDGET[name]]);
// `each` refuses an empty table.
if (overBudget.length > 0) {
	test.failing.each(overBudget)('%s is over its budget of %d: %s', (name, budget) => {
		expect(rowOf(name as string).commands.length).toBeLessThanOrEqual(budget as number);
	});
}
