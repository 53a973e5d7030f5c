/**
 * The method tables of the docs, written from what the code declares, so that they cannot drift from it:
 * - `README.md` `node-operations`: the node's resources and operations as new nodes (the default version) show them
 *   (its description, `actions/versionDescription.ts`),
 *   the API method each calls (the operation's `method`) and its note (the operation's `readmeNote`);
 * - `docs/api-reference.md` `api-methods`: the server's `apiMethod` declarations (`server/src/api/`);
 * - `server/README.md` `admin-routes`: the admin routes' declarations (`server/src/admin/`), the test double's
 *   routes aside (they have their own page), as a list;
 * - `bench/README.md` `commands-per-call`: the database commands per successful call and their budget, case by case,
 *   from each method's `commands`, for the methods that have a row: the last column, what the commands are, is written
 *   by hand and kept, found by the row's method. A new method needs no row (a method costs no file beyond its own),
 *   and a row written for one is filled in.
 * Each table replaces what lies between `<!-- generated: <name> -->` and `<!-- end generated -->`, formatted as
 * prettier formats the file. `npm run tables:generate` writes them; `test/docs/generated-tables.test.ts` fails when a
 * committed table differs.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { resources } from '../nodes/BotPlatform/actions/router';
import { DEFAULT_VERSION, properties } from '../nodes/BotPlatform/actions/versionDescription';
import { adminAreas } from '../server/src/admin';
import { apiMethods } from '../server/src/api';
import { commandCases } from '../server/src/api/api-method';
import { headingAnchors } from '../test/support/markdown-anchors';

const root = join(__dirname, '..');

export interface GeneratedTable {
	/** The file, from the repository's root. */
	file: string;
	/** The marker's name: `<!-- generated: <name> -->`. */
	name: string;
	/** The table as Markdown, before formatting. */
	markdown: string;
}

/** A cell's text: a `|` would end the cell. */
const cell = (text: string) => text.replace(/\|/g, '\\|');
const row = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
/** `rightAligned`: the columns of numbers. */
const table = (header: string[], rows: string[][], rightAligned: number[] = []) =>
	[row(header), row(header.map((_, i) => (rightAligned.includes(i) ? '---:' : '---'))), ...rows.map(row)].join('\n');

/** Whether new nodes show the property: no `@version` condition, or one that admits the default version. */
const inDefaultVersion = (property: INodeProperties) =>
	property.displayOptions?.show?.['@version']?.some((condition) =>
		typeof condition === 'number' ? condition === DEFAULT_VERSION : DEFAULT_VERSION >= (condition._cnd as { gte: number }).gte,
	) ?? true;

const options = (name: string, resource?: string) =>
	(properties.find(
		(property) =>
			property.name === name &&
			inDefaultVersion(property) &&
			(resource === undefined || property.displayOptions?.show?.resource?.includes(resource) === true),
	)?.options ?? []) as INodePropertyOptions[];

/** Every operation of the node, in the order its dropdowns list them, with its note. */
export function nodeOperationsTable(operations: typeof resources = resources): string {
	const rows = options('resource').flatMap((resource) =>
		options('operation', String(resource.value)).map((operation) => {
			const key = `${resource.value}.${operation.value}`;
			const declared = operations[resource.value as keyof typeof resources]?.[String(operation.value)];
			if (declared === undefined) throw new Error(`The node describes ${key} but the router has no such operation.`);
			if (!declared.readmeNote?.trim()) throw new Error(`No note for ${key}: give its operation a readmeNote.`);
			return [resource.name, operation.name, `\`${declared.method.name}\``, declared.readmeNote];
		}),
	);
	return table(['Resource', 'Operation', 'API method', 'Notes'], rows);
}

/** The link to a section of the API reference, from its heading (`### §4.13 withdrawFundsFromContactAccount`). */
function sectionLink(reference: string, section: string): string {
	const heading = reference.split('\n').find((line) => /^#{2,4} §/.test(line) && line.split(' ')[1] === section);
	if (heading === undefined) throw new Error(`docs/api-reference.md has no heading for ${section}.`);
	return `[${section}](#${[...headingAnchors(heading)][0]})`;
}

/** Every method of `/api/v1`, an alias beside the method it stands for. */
export function apiMethodsTable(reference: string): string {
	const rows = apiMethods
		.filter((method) => method.aliasOf === undefined)
		.map((method) => {
			const aliases = apiMethods.filter((alias) => alias.aliasOf === method.name).map((alias) => `, alias \`${alias.name}\``);
			return [
				sectionLink(reference, method.section),
				`\`${method.name}\`${aliases.join('')}`,
				method.verbs.join(', '),
				method.success.map((answer) => answer.status).join(', '),
				method.summary,
			];
		});
	return table(['§', 'method', 'verbs', 'success', 'what it does'], rows);
}

/** What `bodyMembers` reads of a zod object schema (the server's zod, not the root package's). */
interface ObjectSchema {
	shape?: Record<string, { safeParse(value: unknown): { success: boolean } }>;
}

/** A body's members, `?` after those that may be left out; of a long one, the required members and `…`. */
function bodyMembers(body: unknown): string {
	const shape = (body as ObjectSchema | undefined)?.shape;
	if (shape === undefined) return 'none';
	const members = Object.entries(shape).map(([key, schema]) => `${key}${schema.safeParse(undefined).success ? '?' : ''}`);
	const shown = members.length <= 4 ? members : [...members.filter((member) => !member.endsWith('?')), '…'];
	return `\`{${shown.join(', ')}}\``;
}

/**
 * Every admin route but the test double's (`server/test-double.md`), as a list: a table would be padded to its
 * longest summary on every row, and the operator's README has a size budget.
 */
export function adminRoutesTable(): string {
	// A route's former path (`formerPath`) is left out: /openapi.json lists it as deprecated.
	return adminAreas
		.filter((area) => area.name !== 'Admin: test double')
		.flatMap((area) => area.routes)
		.map((route) => {
			const body = bodyMembers(route.body);
			const statuses = route.success.map((answer) => answer.status).join(', ');
			return `- \`${route.verb.toUpperCase()} /admin/v1${route.path}\`${body === 'none' ? '' : ` ${body}`} → ${statuses}: ${route.summary}`;
		})
		.join('\n');
}

/** A Markdown table's rows (header and rule left out), each as its cells' texts, `\|` read back as `|`. */
function tableRows(markdown: string): string[][] {
	return markdown
		.split('\n')
		.filter((line) => line.startsWith('|'))
		.slice(2)
		.map((line) =>
			line
				.slice(1, -1)
				.split(/(?<!\\)\|/)
				.map((text) => text.trim().replace(/\\\|/g, '|')),
		);
}

/** A number for each case, once when they are all the same: `2 / 2 / 3`, `4`. */
const perCase = (numbers: string[]) => (new Set(numbers).size === 1 ? numbers[0] : numbers.join(' / '));

/**
 * The commands per successful call and budget of each method with a row in `committed` (the table in the file now),
 * as declared, its cases named after it; what the commands are is kept from its row. A row whose method is gone is
 * dropped.
 */
export function commandsPerCallTable(committed: string, methods: typeof apiMethods = apiMethods): string {
	const which = new Map(tableRows(committed).map((cells) => [cells[0].split(' ')[0], cells.at(-1) ?? '']));
	const rows = methods
		.filter((method) => method.aliasOf === undefined && which.has(method.name))
		.map((method) => {
			const cases = commandCases(method);
			const names = cases.map(([name]) => name).filter((name) => name !== '');
			const counts = cases.map(([, { count, overBudget }]) =>
				overBudget ? `${count} (over budget: ${overBudget})` : `${count}`,
			);
			return [
				names.length > 0 ? `${method.name} (${names.join(' / ')})` : method.name,
				perCase(counts),
				perCase(cases.map(([, { budget }]) => `${budget}`)),
				which.get(method.name) as string,
			];
		});
	return table(['method', 'commands', 'budget', 'which'], rows, [1, 2]);
}

export function generatedTables(): GeneratedTable[] {
	const read = (file: string) => readFileSync(join(root, file), 'utf8');
	const commands = { file: 'bench/README.md', name: 'commands-per-call' };
	return [
		{ file: 'README.md', name: 'node-operations', markdown: nodeOperationsTable() },
		{ file: 'docs/api-reference.md', name: 'api-methods', markdown: apiMethodsTable(read('docs/api-reference.md')) },
		{ file: 'server/README.md', name: 'admin-routes', markdown: adminRoutesTable() },
		{ ...commands, markdown: commandsPerCallTable(committedRegion(read(commands.file), commands)) },
	];
}

const START = (name: string) => `<!-- generated: ${name} -->`;
const END = '<!-- end generated -->';

/** The committed region of a table: what lies between its markers, trimmed. */
export function committedRegion(text: string, { file, name }: Pick<GeneratedTable, 'file' | 'name'>): string {
	const start = text.indexOf(START(name));
	const end = start === -1 ? -1 : text.indexOf(END, start);
	if (start === -1 || end === -1) throw new Error(`${file} has no "${START(name)}" ... "${END}" region.`);
	return text.slice(start + START(name).length, end).trim();
}

/**
 * The table as prettier writes it in that file. Prettier's CLI in a process of its own: its API loads its core as an
 * ES module, which Jest cannot load in a CommonJS test.
 */
export function formatted({ file, markdown }: GeneratedTable): string {
	const cli = require.resolve('prettier/bin/prettier.cjs');
	return execFileSync(process.execPath, [cli, '--stdin-filepath', join(root, file)], {
		input: markdown,
		encoding: 'utf8',
	}).trim();
}

function main(): void {
	for (const generated of generatedTables()) {
		const path = join(root, generated.file);
		const text = readFileSync(path, 'utf8');
		const old = committedRegion(text, generated);
		const fresh = formatted(generated);
		if (old === fresh) continue;
		const start = text.indexOf(START(generated.name)) + START(generated.name).length;
		const end = text.indexOf(END, start);
		writeFileSync(path, `${text.slice(0, start)}\n\n${fresh}\n\n${text.slice(end)}`);
		console.log(`${generated.file}: ${generated.name} rewritten`);
	}
}

if (require.main === module) main();
