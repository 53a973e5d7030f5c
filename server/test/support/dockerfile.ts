/**
 * Reads the repository's Dockerfile as instructions per stage, so tests use its exact CMD, HEALTHCHECK and
 * install command rather than copies that could drift. Enough of the syntax for this file: comments,
 * line continuations, `FROM image AS name`, and exec-form (JSON array) commands.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface Instruction {
	keyword: string;
	args: string;
}

export interface Stage {
	name: string | undefined;
	from: string;
	instructions: Instruction[];
}

export const DOCKERFILE = path.resolve(__dirname, '../../../Dockerfile');

export function readDockerfile(file = DOCKERFILE): Stage[] {
	const logical = readFileSync(file, 'utf8')
		.split('\n')
		.filter((line) => !/^\s*#/.test(line))
		.join('\n')
		.replace(/\\\n/g, ' ')
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean);
	const stages: Stage[] = [];
	for (const line of logical) {
		const [, keyword, args] = /^(\S+)\s*(.*)$/.exec(line)!;
		if (keyword.toUpperCase() === 'FROM') {
			const [, from, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args)!;
			stages.push({ name, from, instructions: [] });
		} else if (stages.length > 0) {
			stages.at(-1)!.instructions.push({ keyword: keyword.toUpperCase(), args });
		}
	}
	return stages;
}

/** The arguments of the stage's last `keyword` instruction. */
export function lastInstruction(stage: Stage, keyword: string): string | undefined {
	return stage.instructions.filter((instruction) => instruction.keyword === keyword).at(-1)?.args;
}

/** An exec-form command (`["node", "x.js"]`), after any options such as HEALTHCHECK's `--interval=…`. */
export function execForm(args: string): string[] {
	const json = args.slice(args.indexOf('['));
	const command = JSON.parse(json) as unknown;
	if (!Array.isArray(command) || !command.every((part) => typeof part === 'string')) throw new Error(`not exec form: ${args}`);
	return command;
}

/** `ENV A=1 B=2` instructions of the stage, merged. */
export function stageEnv(stage: Stage): Record<string, string> {
	const env: Record<string, string> = {};
	for (const { args } of stage.instructions.filter((instruction) => instruction.keyword === 'ENV')) {
		for (const pair of args.split(/\s+/)) {
			const [name, ...value] = pair.split('=');
			env[name] = value.join('=');
		}
	}
	return env;
}
