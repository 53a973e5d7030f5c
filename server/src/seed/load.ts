/** Reads and checks a seed file (JSON, or YAML by its `.yaml`/`.yml` name); any problem is one line. */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { describeIssue } from '../contract/kit/validation';
import { seedSchema, type Seed } from './schema';

/** A seed that cannot be used; the message is one line: `SEED_FILE <path in the file>: <problem>`. */
export class SeedError extends Error {}

/** `users.1.api_key` as `users[1].api_key`. */
function pathText(path: readonly PropertyKey[]): string {
	return (
		path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`)).join('') ||
		'(top level)'
	);
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

/** Checks parsed seed data; `source` names it in the message (`SEED_FILE` or `seed`). */
export function parseSeed(data: unknown, source = 'SEED_FILE'): Seed {
	const parsed = seedSchema.safeParse(data, {
		error: (issue) => describeIssue({ ...issue, path: (issue.path ?? []).slice(-1) } as z.core.$ZodIssue, 'en'),
	});
	if (parsed.success) return parsed.data;
	const [first] = parsed.error.issues;
	const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more problems)` : '';
	throw new SeedError(`${source} ${pathText(first.path)}: ${oneLine(first.message)}${more}`);
}

export function loadSeedFile(file: string): Seed {
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch (error) {
		throw new SeedError(`SEED_FILE ${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
	}
	let data: unknown;
	try {
		data = /\.ya?ml$/i.test(file) ? parseYaml(text) : JSON.parse(text);
	} catch (error) {
		throw new SeedError(
			`SEED_FILE ${file}: is not valid ${/\.ya?ml$/i.test(file) ? 'YAML' : 'JSON'}: ${oneLine((error as Error).message)}`,
		);
	}
	return parseSeed(data);
}
