#!/usr/bin/env node
// n8n's community-package scanner (@n8n/scan-community-package), run offline. `npx @n8n/scan-community-package`
// downloads a published version from npm, checks its provenance, then lints (1) the source tree its provenance
// names and (2) the published tarball. This runs the same lint, with the scanner's own rule set, on
//   - the source tree: package.json and nodes/, credentials/ (the scanner's SOURCE_FILE_PATTERNS);
//   - the tarball: `npm pack` of a built package folder, extracted, its *.js and package.json.
//
//   node scripts/scan-package.mjs                        # source = this repository, tarball = npm pack of it (needs dist/)
//   node scripts/scan-package.mjs --source=<dir> --package=<dir>
//
// Prints one JSON line per leg ({leg, passed, details}); exits 1 when a leg fails.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzePackage, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(
	process.argv.slice(2).map((arg) => {
		const [key, ...value] = arg.replace(/^--/, '').split('=');
		return [key, value.join('=')];
	}),
);

/** `npm pack` of `packageDir`, extracted into a temporary folder; returns that folder's `package/`. */
function packed(packageDir, workDir) {
	execFileSync('npm', ['pack', '--ignore-scripts', '--silent', `--pack-destination=${workDir}`], {
		cwd: packageDir,
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	const tarball = readdirSync(workDir).find((file) => file.endsWith('.tgz'));
	execFileSync('tar', ['-xzf', path.join(workDir, tarball), '-C', workDir]);
	return path.join(workDir, 'package');
}

const workDir = mkdtempSync(path.join(tmpdir(), 'scan-package-'));
let failed = false;
try {
	const legs = [
		['source', path.resolve(args.source || ROOT), SOURCE_FILE_PATTERNS],
		['tarball', packed(path.resolve(args.package || ROOT), workDir), ['**/*.js', 'package.json']],
	];
	for (const [leg, dir, patterns] of legs) {
		const result = await analyzePackage(dir, patterns);
		failed ||= !result.passed;
		console.log(JSON.stringify({ leg, passed: result.passed, message: result.message, details: result.details }));
	}
} finally {
	rmSync(workDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
