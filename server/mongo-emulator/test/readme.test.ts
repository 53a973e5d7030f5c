/** The README's support matrix against the code, so that the page cannot silently go stale. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { handledCommands, TRANSACTION_COMMANDS } from '../src/commands/dispatch';
import { ALL_FIELD_RULES } from '../src/commands/fields';
import { REFUSED_STAGES } from '../src/engine/aggregate';
import { SUPPORTED_OPERATORS } from '../src/engine/update/update-operators';
import { ErrorCode } from '../src/errors';

const README = readFileSync(path.resolve(__dirname, '../README.md'), 'utf8');

/** The text from a heading to the next heading of any level. */
function section(heading: string): string {
	const start = README.indexOf(`\n${heading}\n`);
	if (start === -1) throw new Error(`README has no section "${heading}"`);
	const next = README.slice(start + heading.length + 2).search(/\n#+ /);
	return next === -1 ? README.slice(start) : README.slice(start, start + heading.length + 2 + next);
}

/** The backquoted names in the first column of a section's table. */
function firstColumnNames(heading: string): string[] {
	const rows = section(heading)
		.split('\n')
		.filter((line) => line.startsWith('| `'));
	return rows.flatMap((row) => [...row.split('|')[1].matchAll(/`([^`]+)`/g)].map((match) => match[1])).sort();
}

describe('the README of the mongo emulator', () => {
	it('lists exactly the commands the dispatcher handles', () => {
		expect(firstColumnNames('### Commands')).toEqual(handledCommands().sort());
	});

	it('lists exactly the update operators the emulator applies', () => {
		expect(firstColumnNames('### Update operators')).toEqual([...SUPPORTED_OPERATORS].sort());
	});

	it('names every refused aggregation stage and transaction command', () => {
		const stages = section('### Aggregation stages');
		for (const stage of REFUSED_STAGES) expect(stages).toContain(`\`${stage}\``);
		const refusals = section('### What it refuses, and with which error');
		for (const command of TRANSACTION_COMMANDS) expect(refusals).toContain(`\`${command}\``);
	});

	it('names every field a command refuses as not implemented', () => {
		const fields = section('### Every field of a command');
		const refused = ALL_FIELD_RULES.flatMap((rules) => [...rules.refused.keys()].map((field) => `${rules.path}.${field}`));
		expect(refused.length).toBeGreaterThan(10);
		const missing = refused.filter((path) => !path.startsWith('create.') && !fields.includes(`\`${path.split('.').pop()}\``));
		expect(missing).toEqual([]);
	});

	it('gives every error code the emulator replies with, with its codeName', () => {
		const refusals = section('### What it refuses, and with which error');
		const rows = new Map(
			[...refusals.matchAll(/\|\s*(\d+) \| `(\w+)`\s*\|/g)].map((match) => [match[2], Number(match[1])] as const),
		);
		expect(Object.fromEntries(rows)).toEqual(ErrorCode);
	});
});
