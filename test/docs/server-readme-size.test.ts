/**
 * server/README.md is the operator's page: how to run, configure and watch the server. It stays short enough to
 * read; what is for client developers goes to docs/api-reference.md, internals to docs/, figures to bench/README.md.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';

const BUDGET = 30_000;

test(`server/README.md is at most ${BUDGET} bytes`, () => {
	const size = statSync(join(__dirname, '..', '..', 'server', 'README.md')).size;
	if (size > BUDGET) {
		throw new Error(
			`server/README.md is ${size} bytes, over its ${BUDGET}: move what is not for operators to docs/ ` +
				'(API behaviour to docs/api-reference.md, internals to docs/server-internals.md, figures to bench/README.md).',
		);
	}
	expect(size).toBeGreaterThan(10_000);
});
