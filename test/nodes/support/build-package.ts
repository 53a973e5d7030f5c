/**
 * The package as npm would publish it, built the way `npm run build:nodes` builds it, into a temporary folder:
 * dist/ and package.json. `node_modules` links to the repository's, where n8n would resolve `n8n-workflow` from
 * its own installation.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = join(__dirname, '..', '..', '..');
export const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

export function buildPackage(): { dir: string; remove(): void } {
	const dir = mkdtempSync(join(tmpdir(), 'n8n-nodes-bot-platform-'));
	execFileSync(process.execPath, [
		join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
		'-p',
		join(root, 'tsconfig.json'),
		'--outDir',
		join(dir, 'dist'),
	]);
	execFileSync(process.execPath, [join(root, 'scripts', 'copy-assets.mjs'), join(dir, 'dist')]);
	writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
	symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
	return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
