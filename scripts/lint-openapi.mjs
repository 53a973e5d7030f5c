#!/usr/bin/env node
/**
 * Lints an OpenAPI document with Redocly's recommended rules (@redocly/openapi-core, the library behind
 * `redocly lint`), every rule at its recommended severity, warnings included.
 *
 *   node scripts/lint-openapi.mjs http://127.0.0.1:3000/openapi.json
 *   node scripts/lint-openapi.mjs path/to/openapi.json
 *
 * Prints one JSON object per problem ({ruleId, severity, message, pointer}) and exits 1 when there is any.
 * One exception, by pointer: `operation-4xx-response` for the two operations that serve the reference itself, which
 * take no input and so have nothing a client could get wrong.
 */
import { readFile } from 'node:fs/promises';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const ref = process.argv[2];
if (!ref) {
	console.error('usage: node scripts/lint-openapi.mjs <url or file>');
	process.exit(2);
}

const source = /^https?:\/\//.test(ref) ? await (await fetch(ref)).text() : await readFile(ref, 'utf8');
const config = await createConfig(
	{ extends: ['recommended'] },
	{
		ignore: {
			[ref]: {
				'operation-4xx-response': new Set(['#/paths/~1openapi.json/get/responses', '#/paths/~1docs/get/responses']),
			},
		},
	},
);
const problems = (await lintFromString({ source, absoluteRef: ref, config })).filter((problem) => !problem.ignored);
for (const problem of problems) {
	const pointer = problem.location[0]?.pointer;
	console.log(JSON.stringify({ ruleId: problem.ruleId, severity: problem.severity, message: problem.message, pointer }));
}
process.exit(problems.length > 0 ? 1 : 0);
