/**
 * The package as users get it: `npm pack` (which honours package.json "files"), extracted to a folder with no
 * node_modules, so that `require('n8n-workflow')` in it resolves to n8n's own copy. A link to the repository
 * would resolve it to the repository's devDependency instead: a second n8n-workflow beside n8n's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runCommand } from './processes';

export async function packPackage(root: string, workDir: string): Promise<{ dir: string; fileCount: number }> {
	const packDir = path.join(workDir, 'pack');
	fs.mkdirSync(packDir);
	const pack = await runCommand('npm', ['pack', '--ignore-scripts', '--json', `--pack-destination=${packDir}`], {
		cwd: root,
		env: { ...process.env, npm_config_loglevel: 'error' },
	});
	if (pack.code !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
	const [{ filename, files }] = JSON.parse(pack.stdout) as Array<{ filename: string; files: unknown[] }>;
	const untar = await runCommand('tar', ['-xzf', path.join(packDir, path.basename(filename)), '-C', packDir], {
		env: process.env,
	});
	if (untar.code !== 0) throw new Error(`tar failed:\n${untar.stderr}`);
	return { dir: path.join(packDir, 'package'), fileCount: files.length };
}
