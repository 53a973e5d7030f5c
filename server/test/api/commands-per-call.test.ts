/**
 * Database commands per successful API call, counted with the driver's command monitoring. The counts are
 * deterministic; each method declares its own (`commands` in its `apiMethod`), which this test holds exactly, so a
 * change that adds a command shows up, and each stays within the budget declared beside it. (Timings are the
 * benchmark's business, never a test's.)
 */
import { commandsPerCall, declaredCommands, labelOf, type MethodCommands } from '../support/commands-per-call';
import { apiMethods } from '../../src/api';
import { silentLogger } from '../../src/logger';
import { startTestServer, type TestServer } from '../support/test-server';

/** Each counted case of each served method, with its declared count and budget. */
const DECLARED = declaredCommands();

const label = (row: MethodCommands) => labelOf(row.method, row.case);

let t: TestServer;
let rows: MethodCommands[];

beforeAll(async () => {
	t = await startTestServer({}, silentLogger, undefined, { monitorCommands: true });
	rows = await commandsPerCall(t);
});
afterAll(async () => {
	await t.close();
});

test('every counted call is a case a method declares, and every declared case is counted', () => {
	expect(rows.map(label).sort()).toEqual([...DECLARED.keys()].sort());
});

test('every API method the server serves is counted (aliases by the method they alias)', () => {
	const served = apiMethods.filter((method) => method.aliasOf === undefined).map((method) => method.name);
	expect([...new Set(rows.map((row) => row.method))].sort()).toEqual(served.sort());
});

const rowOf = (name: string) => rows.find((candidate) => label(candidate) === name) as MethodCommands;

test.each([...DECLARED].map(([name, { count, budget }]) => [name, [count, budget]] as const))(
	'%s sends %j commands (count, budget)',
	(name, [count]) => {
		const { commands } = rowOf(name);
		expect({ name, commands, count: commands.length }).toEqual({ name, commands, count });
	},
);

const withinBudget = [...DECLARED].filter(([, { overBudget }]) => overBudget === undefined);

test.each(withinBudget.map(([name, { budget }]) => [name, budget] as const))(
	'%s stays within its budget of %d',
	(name, budget) => {
		expect(rowOf(name).commands.length).toBeLessThanOrEqual(budget);
	},
);

/**
 * Calls over their budget, each with the reason its declaration gives (`overBudget`). Each is a `test.failing`: it
 * fails the run as soon as the call is within budget, so that the reason goes. None is over now.
 */
const overBudget = [...DECLARED].flatMap(([name, { budget, overBudget: reason }]) =>
	reason === undefined ? [] : [[name, budget, reason] as const],
);
// `each` refuses an empty table.
if (overBudget.length > 0) {
	test.failing.each(overBudget)('%s is over its budget of %d: %s', (name, budget) => {
		expect(rowOf(name).commands.length).toBeLessThanOrEqual(budget);
	});
}
