/**
 * The method tables of the README, the API reference and the server's README are written by
 * `scripts/generate-tables.ts` from the node's description and the server's declarations: a committed table that
 * differs from what the generator writes today has drifted from the code.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resources } from '../../nodes/BotPlatform/actions/router';
import { committedRegion, formatted, generatedTables, nodeOperationsTable } from '../../scripts/generate-tables';
import { adminAreas } from '../../server/src/admin';
import { apiMethods } from '../../server/src/api';

const root = join(__dirname, '..', '..');

describe.each(generatedTables().map((table) => [`${table.file} ${table.name}`, table] as const))('%s', (_, table) => {
	test('is what the generator writes (to fix: npm run tables:generate)', () => {
		const committed = committedRegion(readFileSync(join(root, table.file), 'utf8'), table);
		const expected = formatted(table);
		if (committed !== expected) {
			throw new Error(
				`${table.file}: the "${table.name}" table differs from the code it is generated from. ` +
					`Run \`npm run tables:generate\` and commit the result.\n\nExpected:\n${expected}\n\nCommitted:\n${committed}`,
			);
		}
	});
});

test('every table has a row per declaration', () => {
	const rows = (markdown: string) => markdown.split('\n').filter((line) => !line.startsWith('| ---')).length;
	const tables = Object.fromEntries(generatedTables().map((table) => [table.name, rows(table.markdown)]));
	const operations = Object.values(resources).flatMap((operations) => Object.keys(operations));
	const adminRoutes = adminAreas.filter((area) => area.name !== 'Admin: test double').flatMap((area) => area.routes);
	// A header and a row per operation; a header and a row per method (an alias shares its method's row); an admin
	// route a line, the test double's aside.
	expect(tables).toEqual({
		'node-operations': 1 + operations.length,
		'api-methods': 1 + apiMethods.filter((method) => method.aliasOf === undefined).length,
		'admin-routes': adminRoutes.length,
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
