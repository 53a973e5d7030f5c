/**
 * Code, tests and docs cite the API by section (`§4.13`). The sections are the headings of our API reference,
 * docs/api-reference.md, numbered as the specification numbers them; every citation must land on one of them, and
 * every method the server serves must have its own heading there, under the section its declaration names.
 * A § right after "RFC <number>" cites that RFC (`RFC 9110 §10.2.3`) and is not ours.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiMethods } from '../../server/src/api';
import { headingAnchors } from '../support/markdown-anchors';

const root = join(__dirname, '..', '..');
const REFERENCE = 'docs/api-reference.md';

/** The files that can cite a section; the folders .gitignore keeps out of the repository are not read. */
const SCANNED = /\.(ts|md|json|mjs)$/;
const UNTRACKED_FOLDERS = new Set(['node_modules', 'dist', 'coverage', '.n8n-cache']);

function repositoryFiles(folder = ''): string[] {
	return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
		const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
		if (entry.isDirectory()) return entry.name.startsWith('.') || UNTRACKED_FOLDERS.has(entry.name) ? [] : repositoryFiles(path);
		return SCANNED.test(entry.name) ? [path] : [];
	});
}

/** `### §4.13 withdrawFundsFromContactAccount` is section 4.13, titled `withdrawFundsFromContactAccount`. */
const HEADING = /^#{2,4} §(\d+(?:\.\d+)*) (.+)$/;

const headings = new Map(
	readFileSync(join(root, REFERENCE), 'utf8')
		.split('\n')
		.map((line) => HEADING.exec(line))
		.filter((match) => match !== null)
		.map((match) => [match[1], match[2]] as const),
);

/** `§4.3`, `§ 7.1`, and a range's end without its own sign: `§4.3–4.8`. */
const CITATION = /(RFC \d+ )?§ ?(\d+(?:\.\d+)*)(?:[–-](\d+(?:\.\d+)*))?/g;

/** Every cited section, as `file:line §N`. */
function citations(): { where: string; section: string }[] {
	return repositoryFiles().flatMap((file) =>
		readFileSync(join(root, file), 'utf8')
			.split('\n')
			.flatMap((line, index) =>
				[...line.matchAll(CITATION)]
					.filter(([, rfc]) => rfc === undefined)
					.flatMap(([, , first, rangeEnd]) => (rangeEnd === undefined ? [first] : [first, rangeEnd]))
					.map((section) => ({ where: `${file}:${index + 1}`, section })),
			),
	);
}

test('the reference numbers its sections once each, as the spec does (§1 to §9)', () => {
	expect(headings.size).toBeGreaterThan(40);
	for (const top of ['1', '2', '3', '4', '5', '6', '7', '8', '9']) expect(headings.has(top)).toBe(true);
	const numbers = readFileSync(join(root, REFERENCE), 'utf8')
		.split('\n')
		.flatMap((line) => HEADING.exec(line)?.[1] ?? []);
	expect(numbers).toEqual([...new Set(numbers)]);
});

test('every § cited in code, tests and docs is a heading of the API reference', () => {
	const cited = citations();
	// The scan reads what it should: the declarations, the tests and the docs all cite sections.
	expect(cited.length).toBeGreaterThan(500);
	const unresolved = cited.filter(({ section }) => !headings.has(section)).map(({ where, section }) => `${where} §${section}`);
	expect(unresolved).toEqual([]);
});

const anchors = headingAnchors(readFileSync(join(root, REFERENCE), 'utf8'));

test('links into the reference name its headings: #413-withdrawfundsfromcontactaccount', () => {
	expect(anchors.has('413-withdrawfundsfromcontactaccount')).toBe(true);
	const links = repositoryFiles()
		.filter((file) => file.endsWith('.md'))
		.flatMap((file) => {
			const text = readFileSync(join(root, file), 'utf8');
			const own = file === REFERENCE ? [...text.matchAll(/\]\(#([^)]+)\)/g)] : [];
			return [...own, ...text.matchAll(/api-reference\.md#([^)\s`]+)/g)].map(([, anchor]) => `${file} #${anchor}`);
		});
	expect(links.length).toBeGreaterThan(20);
	expect(links.filter((link) => !anchors.has(link.split(' #')[1]))).toEqual([]);
});

test.each(apiMethods.map((method) => [method.name, method] as const))(
	'%s has a heading in the reference, in the section its declaration names',
	(_name, method) => {
		const section = /^§(\d+(?:\.\d+)*)/.exec(method.section)?.[1] ?? '';
		expect({ section, title: headings.get(section) }).toEqual({
			section,
			title: expect.stringContaining(method.aliasOf ?? method.name),
		});
	},
);
