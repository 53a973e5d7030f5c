/**
 * n8n's community-package scanner (@n8n/scan-community-package), which gates verified community nodes, run
 * offline by `scripts/scan-package.mjs` on the source tree and on the packed package (see that script).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPackage, manifest, root } from './support/build-package';

let built: ReturnType<typeof buildPackage>;
let scratch: string;

beforeAll(() => {
	built = buildPackage();
	scratch = mkdtempSync(join(tmpdir(), 'scan-test-'));
}, 120_000);

afterAll(() => {
	built?.remove();
	if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/**
 * Runs the scan as n8n does, outside a test environment: jest's NODE_ENV=test switches eslint-plugin-n8n-nodes-base
 * into its own test mode (it then checks file names against fixtures). The scanner makes a temporary folder when
 * loaded, so TMPDIR points at one this test removes.
 */
function scan(...args: string[]) {
	const { NODE_ENV: _testMode, ...env } = process.env;
	const result = spawnSync(process.execPath, [join(root, 'scripts', 'scan-package.mjs'), ...args], {
		cwd: root,
		encoding: 'utf8',
		env: { ...env, TMPDIR: scratch },
	});
	const legs = result.stdout
		.trim()
		.split('\n')
		.filter((line) => line.startsWith('{'))
		.map((line) => JSON.parse(line) as { leg: string; passed: boolean; details?: string });
	return { status: result.status, legs, stderr: result.stderr };
}

test('the source tree and the packed package pass every rule of the scanner', () => {
	const { status, legs, stderr } = scan(`--package=${built.dir}`);
	expect({ legs, stderr: status === 0 ? '' : stderr }).toEqual({
		legs: [
			{ leg: 'source', passed: true },
			{ leg: 'tarball', passed: true },
		],
		stderr: '',
	});
}, 120_000);

test('the rules are live: a node that reads process.env fails the source scan', () => {
	const source = join(scratch, 'bad-source');
	mkdirSync(join(source, 'nodes', 'Bad'), { recursive: true });
	writeFileSync(join(source, 'package.json'), JSON.stringify(manifest));
	writeFileSync(join(source, 'nodes', 'Bad', 'Bad.node.ts'), 'export const token = process.env.SECRET_TOKEN;\n');
	const { status, legs } = scan(`--source=${source}`, `--package=${built.dir}`);
	expect(status).toBe(1);
	expect(legs[0]).toMatchObject({ leg: 'source', passed: false, details: expect.stringMatching(/no-restricted-globals/) });
	expect(legs[1]).toMatchObject({ leg: 'tarball', passed: true });
}, 120_000);
