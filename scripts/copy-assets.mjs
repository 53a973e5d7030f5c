// Copies what tsc does not emit next to the compiled nodes: icons (*.svg, *.png) and codex files (*.node.json).
// Usage: node scripts/copy-assets.mjs [outDir]   (outDir defaults to dist)
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = resolve(root, process.argv[2] ?? 'dist');
const isAsset = (name) => /\.(svg|png)$/i.test(name) || name.endsWith('.node.json');

function copyAssets(dir) {
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) copyAssets(path);
		else if (isAsset(entry.name)) {
			const target = join(outDir, relative(root, path));
			mkdirSync(dirname(target), { recursive: true });
			copyFileSync(path, target);
		}
	}
}

for (const dir of ['nodes', 'credentials']) copyAssets(join(root, dir));
