/**
 * The database commands of a method's successful calls, counted with the driver's command monitoring and held
 * exactly to the `commands` its declaration gives, each within its budget. Each method's test file calls
 * `countsCommands` with a call for each case its declaration names; `server/test/api/commands-per-call.test.ts`
 * fails when a served method has no such call. (Timings are the benchmark's business, never a test's.)
 */
import { appendFileSync } from 'node:fs';
import { apiMethods } from '../../src/api';
import { commandCases, type CommandCount } from '../../src/api/api-method';
import { silentLogger } from '../../src/logger';
import { CommandCounter } from './command-counter';
import type { TestUser } from './factories';
import type { HttpResponse } from './http';
import { startTestServer, type TestServer } from './test-server';

/** A call to count, once its data is made: who makes it, and the status it must answer. */
export interface CountedCall {
	user: TestUser;
	status: number;
	call: () => Promise<HttpResponse>;
}

/** Makes a case's data on `t` (not counted) and gives the call to count. */
export type CommandCase = (t: TestServer) => Promise<CountedCall>;

export interface MethodCommands {
	method: string;
	/** What the call does, when a method has more than one path ('' otherwise). */
	case: string;
	commands: string[];
}

/** `method` or `method (case)`. */
export const labelOf = (method: string, caseName: string) => (caseName ? `${method} (${caseName})` : method);

/** The command counts a served method declares, by case (an alias's are the method's it aliases). */
export function declaredCommands(method: string): Map<string, CommandCount> {
	const declaration = apiMethods.find((candidate) => candidate.name === method && candidate.aliasOf === undefined);
	if (!declaration) throw new Error(`countsCommands: ${method} is not a method the server serves`);
	return new Map(commandCases(declaration));
}

/** The commands of each case's call, measured on `t` in turn. */
async function measure(t: TestServer, method: string, cases: Record<string, CommandCase>): Promise<MethodCommands[]> {
	// The deprecations' once-a-second reload is no call's command: stopped, and one last reload awaited.
	t.server.deprecations.stop();
	await t.server.deprecations.reload();
	const counter = new CommandCounter(t);
	const rows: MethodCommands[] = [];
	for (const [caseName, arrange] of Object.entries(cases)) {
		const { user, status, call } = await arrange(t);
		// The caller's first call opens its rate window, which costs commands of its own (§8); the counts are those of
		// a call in an open window, as nearly every call is.
		await user.api.call('getMe');
		let answer: HttpResponse | undefined;
		const { commands, unfinished } = await counter.during(async () => (answer = await call()));
		const label = labelOf(method, caseName);
		if (answer?.status !== status)
			throw new Error(`${label}: expected ${status}, got ${answer?.status} ${JSON.stringify(answer?.data)}`);
		if (unfinished > 0) throw new Error(`${label} answered with ${unfinished} commands still running`);
		rows.push({ method, case: caseName, commands });
	}
	return rows;
}

/**
 * Tests that `method`'s successful calls send the commands its declaration gives: one call per declared case (a
 * function for a method of one case), each on data of its own, on a server of their own with command monitoring.
 * With COMMANDS_REPORT set to a file, the counted commands are also appended to it, one JSON row a line
 * (`npm run bench` prints them).
 */
export function countsCommands(method: string, cases: CommandCase | Record<string, CommandCase>): void {
	const byCase = typeof cases === 'function' ? { '': cases } : cases;
	const declared = declaredCommands(method);
	describe(`${method}: database commands per successful call, as its declaration gives them`, () => {
		let t: TestServer | undefined;
		const counted = new Map<string, string[]>();
		beforeAll(async () => {
			t = await startTestServer({}, silentLogger, undefined, { monitorCommands: true });
			const rows = await measure(t, method, byCase);
			for (const row of rows) counted.set(row.case, row.commands);
			const report = process.env.COMMANDS_REPORT;
			if (report) appendFileSync(report, rows.map((row) => JSON.stringify(row) + '\n').join(''));
		});
		afterAll(() => t?.close());

		test(`${method}: every counted call is a case its declaration names, and every declared case is counted`, () => {
			expect(Object.keys(byCase).sort()).toEqual([...declared.keys()].sort());
		});

		const commandsOf = (caseName: string) => counted.get(caseName) ?? [];
		for (const [caseName, { count, budget, overBudget }] of declared) {
			const name = labelOf(method, caseName);
			test(`${name} sends ${JSON.stringify([count, budget])} commands (count, budget)`, () => {
				const commands = commandsOf(caseName);
				expect({ name, commands, count: commands.length }).toEqual({ name, commands, count });
			});
			if (overBudget === undefined) {
				test(`${name} stays within its budget of ${budget}`, () => {
					expect(commandsOf(caseName).length).toBeLessThanOrEqual(budget);
				});
			} else {
				// Fails the run as soon as the call is within budget, so that the reason goes.
				test.failing(`${name} is over its budget of ${budget}: ${overBudget}`, () => {
					expect(commandsOf(caseName).length).toBeLessThanOrEqual(budget);
				});
			}
		}
	});
}
