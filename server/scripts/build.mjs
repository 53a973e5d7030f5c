/**
 * Builds the server and the emulator package it uses (`npm run build`: `tsc -b` follows the project reference),
 * or with `--if-stale` only when the compiled output is missing or older than the sources (`npm start`), saying
 * so on stderr since a first build takes a while on a small machine.
 * `npm start` then `exec`s node (see package.json): node replaces the shell, so the signals npm passes on
 * reach the server itself. A production install (built output, no sources) has nothing to build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = path.join(serverDir, 'src');
/** Written after each build made here (tsc's own .tsbuildinfo is rewritten by `tsc --noEmit` as well). */
const stamp = path.join(serverDir, 'dist', '.build-stamp');
const inputs = [
	sources,
	'tsconfig.json',
	'tsconfig.build.json',
	'../tsconfig.base.json',
	'mongo-emulator/src',
	'mongo-emulator/tsconfig.json',
].map((input) => path.resolve(serverDir, input));
/** Seen here: 25 to 50 s on two busy cores. */
const FIRST_BUILD_ESTIMATE = 'about 40 s';

function newestChange(file) {
	const stats = statSync(file);
	if (!stats.isDirectory()) return stats.mtimeMs;
	return Math.max(stats.mtimeMs, ...readdirSync(file).map((name) => newestChange(path.join(file, name))));
}

/** Why a build is needed, or undefined when the output is current. */
function staleness() {
	if (!existsSync(stamp)) return `first start, ${FIRST_BUILD_ESTIMATE}`;
	const built = statSync(stamp).mtimeMs;
	return Math.max(...inputs.filter((input) => existsSync(input)).map(newestChange)) > built ? 'sources changed' : undefined;
}

function typescriptCompiler() {
	try {
		return createRequire(path.join(serverDir, 'package.json')).resolve('typescript/bin/tsc');
	} catch {
		return undefined;
	}
}

function build(reason) {
	const tsc = typescriptCompiler();
	if (!tsc) {
		console.error(
			'cannot build the server: TypeScript is not installed (an install without dev dependencies). ' +
				'Run `npm ci` and `npm run build`, or start a built server with `node server/dist/main.js`.',
		);
		process.exit(1);
	}
	if (reason) console.error(`building the server (${reason})…`);
	const started = Date.now();
	const result = spawnSync(process.execPath, [tsc, '-b', 'tsconfig.build.json'], { cwd: serverDir, stdio: 'inherit' });
	if (result.status !== 0) process.exit(result.status ?? 1);
	writeFileSync(stamp, `${new Date().toISOString()}\n`);
	if (reason) console.error(`built in ${Math.round((Date.now() - started) / 1000)} s`);
}

if (!process.argv.includes('--if-stale')) build(undefined);
else if (existsSync(sources)) {
	const reason = staleness();
	if (reason) build(reason);
}
