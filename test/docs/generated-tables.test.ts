/**
 * The method tables of the README, the API reference and the server's README, and the benchmark's commands per call,
 * are written by `scripts/generate-tables.ts` from the node's description and the server's declarations: a committed
 * table that differs from what the generator writes today has drifted from the code.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resources } from '../../nodes/BotPlatform/actions/router';
import {
	commandsPerCallTable,
	committedRegion,
	formatted,
	generatedTables,
	nodeOperationsTable,
} from '../../scripts/generate-tables';
import { adminAreas } from '../../server/src/admin';
import { apiMethods } from '../../server/src/api';
import type { MethodCommandCounts } from '../../server/src/api/api-method';

const root = join(__dirname, '..', '..');

describe.each(generatedTables().map((table) => [`${table.file} ${table.name}`, table] as const))('%s', (_, table) => {
	test('is what the generator writes (to fix: npm run tables:generate)', () => {
		const committed = committedRegion(readFileSync(join(root, table.file), 'utf8'), table);
		const expected = formatted(table);
		if (committed !== expected) {
			// Only the rows that differ: they name the method or operation.
			const only = (lines: string, other: string) => lines.split('\n').filter((line) => !other.split('\n').includes(line));
			throw new Error(
				`${table.file}: the "${table.name}" table differs from the code it is generated from. ` +
					`Run \`npm run tables:generate\` and commit the result.\n\n` +
					`Expected:\n${only(expected, committed).join('\n')}\n\nCommitted:\n${only(committed, expected).join('\n')}`,
			);
		}
	});
});

test('every table has a row per declaration', () => {
	const rows = (markdown: string) => markdown.split('\n').filter((line) => !line.startsWith('| ---')).length;
	const tables = Object.fromEntries(generatedTables().map((table) => [table.name, rows(table.markdown)]));
	const operations = Object.values(resources).flatMap((operations) => Object.keys(operations));
	const adminRoutes = adminAreas.filter((area) => area.name !== 'Admin: test double').flatMap((area) => area.routes);
	const methods = apiMethods.filter((method) => method.aliasOf === undefined);
	// A header and a row per operation; a header and a row per method (an alias shares its method's row); an admin
	// route a line, the test double's aside. The commands per call have rows for the methods someone explained.
	expect(tables).toEqual({
		'node-operations': 1 + operations.length,
		'api-methods': 1 + methods.length,
		'admin-routes': adminRoutes.length,
		'commands-per-call': expect.any(Number),
	});
	expect(operations.length).toBeGreaterThanOrEqual(15);
	expect(adminRoutes.length).toBeGreaterThanOrEqual(17);
});

test('an operation without a note stops the generator', () => {
	const user = { ...resources.user, getCurrent: { ...resources.user.getCurrent, readmeNote: ' ' } };
	expect(() => nodeOperationsTable({ ...resources, user })).toThrow(
		/^No note for user\.getCurrent: give its operation a readmeNote\.$/,
	);
	expect(() => nodeOperationsTable({ ...resources, user: {} })).toThrow('the router has no such operation');
});

test('the commands per call are the declared ones, case by case; what the commands are is kept from the file', () => {
	const getMe = apiMethods.find((method) => method.name === 'getMe')!;
	const declared = (name: string, commands: MethodCommandCounts) => ({ ...getMe, name, commands });
	const methods = [
		declared('oneCase', { count: 1, budget: 2 }),
		declared('twoCases', { cases: { a: { count: 2, budget: 3 }, 'b c': { count: 2, budget: 4 } } }),
		declared('overIt', { cases: { a: { count: 3, budget: 2, overBudget: 'why' }, b: { count: 1, budget: 2 } } }),
		{ ...declared('alias', { count: 9, budget: 9 }), aliasOf: 'oneCase' },
	];
	const committed = [
		'| method | commands | budget | which |',
		'| --- | ---: | ---: | --- |',
		'| oneCase (a stale case) | 7 | 9 | users.findAndModify \\| the key |',
		'| twoCases | 1 | 1 | + lists.find |',
		'| removedMethod | 1 | 1 | gone |',
	].join('\n');
	expect(commandsPerCallTable(committed, methods).split('\n')).toEqual([
		'| method | commands | budget | which |',
		'| --- | ---: | ---: | --- |',
		'| oneCase | 1 | 2 | users.findAndModify \\| the key |',
		'| twoCases (a / b c) | 2 | 3 / 4 | + lists.find |',
	]);
	// A method without a row gets none (a new method costs no file beyond its own); once written, its row is filled in.
	const withOverIt = `${committed}\n| overIt | | | + bots.find |`;
	expect(commandsPerCallTable(withOverIt, methods).split('\n').at(-1)).toBe(
		'| overIt (a / b) | 3 (over budget: why) / 1 | 2 | + bots.find |',
	);
});
