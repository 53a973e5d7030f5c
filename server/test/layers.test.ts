/**
 * `server/src/http/` only transports (issue 21): no file under it reads the database (models, database/, mongoose,
 * the driver), knows a rule (domain/, contract/) or is the test double's. And only the app's wiring, the admin
 * router and the testing entry import the test double. Lint holds the same (server/eslint.config.mjs); this holds
 * it on a fresh clone whatever the lint configuration becomes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '../src');

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(full);
		return entry.name.endsWith('.ts') ? [full] : [];
	});
}

/** Every module a source text imports or re-exports, statically or dynamically, as written. */
function importsOf(text: string): string[] {
	const specifiers: string[] = [];
	for (const match of text.matchAll(/(?:^|\s)(?:import|export)\s[^;]*?\sfrom\s*['"]([^'"]+)['"]/g)) specifiers.push(match[1]);
	for (const match of text.matchAll(/(?:^|\s)import\s*['"]([^'"]+)['"]/g)) specifiers.push(match[1]);
	for (const match of text.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g)) specifiers.push(match[1]);
	return specifiers;
}

/** What an import of `file` reaches: a path under server/src (`models/user`), or a package name. */
function target(file: string, specifier: string): string {
	if (!specifier.startsWith('.')) return specifier;
	return path
		.relative(SRC, path.resolve(path.dirname(file), specifier))
		.split(path.sep)
		.join('/');
}

const FORBIDDEN_IN_HTTP = /^(models|database|domain|contract|test-double)(\/|$)|^(mongoose|mongodb)(\/|$)/;

/** `file`'s imports that http/ must not have. */
const forbiddenInHttp = (file: string, text: string) =>
	importsOf(text)
		.map((specifier) => target(file, specifier))
		.filter((reached) => FORBIDDEN_IN_HTTP.test(reached));

describe('server/src/http/ only transports', () => {
	const httpFiles = sourceFiles(path.join(SRC, 'http'));

	test('the check sees the imports it must refuse', () => {
		const file = path.join(SRC, 'http', 'example.ts');
		const text = [
			"import type { UserDoc } from '../models/user';",
			"import { mongo } from 'mongoose';",
			"import {\n\tcreateAuthenticator,\n} from '../domain/access/authenticate';",
			"export { validate } from '../contract/kit/validation';",
			"const faults = await import('../test-double/faults');",
			"import { openDatabase } from '../database/open';",
			"import { ApiError } from './errors';",
			"import type { Config } from '../config';",
		].join('\n');
		expect(forbiddenInHttp(file, text)).toEqual([
			'models/user',
			'mongoose',
			'domain/access/authenticate',
			'contract/kit/validation',
			'database/open',
			'test-double/faults',
		]);
	});

	test('no file under http/ imports the models, the database, mongoose, a rule, a contract or the test double', () => {
		expect(httpFiles.length).toBeGreaterThan(10);
		const offences = httpFiles.flatMap((file) =>
			forbiddenInHttp(file, readFileSync(file, 'utf8')).map((reached) => `${path.relative(SRC, file)} imports ${reached}`),
		);
		expect(offences).toEqual([]);
	});

	test("the test double's machinery lives in test-double/, not under http/", () => {
		const names = httpFiles.map((file) => path.basename(file));
		for (const name of ['faults.ts', 'request-log.ts', 'reset-gate.ts', 'test-double.ts', 'admin-routes.ts']) {
			expect(names).not.toContain(name);
			expect(readdirSync(path.join(SRC, 'test-double'))).toContain(name);
		}
	});
});

describe('the test double', () => {
	test("is imported only by the app's wiring, the admin router and the testing entry", () => {
		const allowed = /^(app\.ts|server\.ts|admin\/index\.ts|admin\/route\.ts|testing\/.*|test-double\/.*)$/;
		const importers = sourceFiles(SRC)
			.filter((file) =>
				importsOf(readFileSync(file, 'utf8')).some((specifier) => target(file, specifier).startsWith('test-double/')),
			)
			.map((file) => path.relative(SRC, file).split(path.sep).join('/'));
		expect(importers).toEqual(expect.arrayContaining(['app.ts', 'server.ts', 'admin/index.ts']));
		expect(importers.filter((file) => !allowed.test(file))).toEqual([]);
	});
});
