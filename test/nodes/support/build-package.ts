/**
 * The package as npm would publish it, built as `npm run build:nodes` builds it (`n8n-node build`: tsc, then the
 * icons copied), in a temporary copy of the package's sources: dist/ and package.json. `node_modules` links to the
 * repository's, where n8n would resolve `n8n-workflow` from its own installation.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = join(__dirname, '..', '..', '..');
export const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** What `n8n-node build` reads: the sources and the TypeScript settings. */
const PACKAGE_SOURCES = ['nodes', 'credentials', 'tsconfig.json', 'tsconfig.base.json'];

export function buildPackage(): { dir: string; remove(): void } {
	const dir = mkdtempSync(join(tmpdir(), 'n8n-nodes-bot-platform-'));
	for (const source of PACKAGE_SOURCES) cpSync(join(root, source), join(dir, source), { recursive: true });
	// Without workspaces: the copy has no server, and npm (which n8n-node runs tsc through) would look for it.
	const { workspaces: _workspaces, ...packageJson } = manifest;
	writeFileSync(join(dir, 'package.json'), JSON.stringify(packageJson));
	symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
	execFileSync(process.execPath, [join(root, 'node_modules', '@n8n', 'node-cli', 'bin', 'n8n-node.mjs'), 'build'], {
		cwd: dir,
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	for (const source of PACKAGE_SOURCES) rmSync(join(dir, source), { recursive: true, force: true });
	writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
	return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
